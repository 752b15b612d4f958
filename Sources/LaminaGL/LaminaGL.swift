/// LaminaGL: the GPU renderer, on headless EGL and OpenGL ES 3.0.
///
/// What it owns: the EGL display and context (`GLContext`, platform device first so a real GPU wins, then
/// Mesa's surfaceless platform, then GBM on a render node), shader loading with `#include` and errors that
/// name the file and line (`ShaderProgram`), pooled render targets, a texture cache keyed by `Bitmap`
/// identity, path coverage (`PathCoverage`: the CPU's rows uploaded by default, or exact areas of trapezoids drawn on the GPU), and
/// `GPURenderer`, which executes a `RenderGraph`.
///
/// Folders: `Device/` (EGL and GL: contexts, errors, textures, targets, shaders, timers, read-back),
/// `Batching/` (draw operations to instance records and batches: `PassBatcher`, the clip table, the
/// splitter, shader keys), `Passes/` (what runs a pass: `FrameExecutor`, the primitive drawer, the blur, the
/// path coverage).
///
/// Invariants:
/// - Only this module calls GL or EGL; every GL call that can fail is checked through `GLCheck` in debug
///   builds, every EGL failure names its error code (`EGL_BAD_MATCH`, ...).
/// - Images are stored y-down: texture row 0 (GL's lowest address row, t = 0) is the image's top row, and
///   render targets are drawn with gl_FragCoord.y = row + 0.5 counted from the top. Uploads, pass sampling
///   and `glReadPixels` then all agree without any flip (GLES 3.0 §3.8.3: the first row of client data is
///   t = 0; §4.3.1: ReadPixels returns the row with window y = 0 first).
/// - The coverage, sampling and blur math is exactly the one `LaminaRaster` implements (see `common.glsl`).
///   Textures are filtered in the shader from texelFetch (GLES 3.0 §3.8.10-11 written out), not by the
///   texture unit, whose 8-bit sub-texel weights drifted up to 3/255 from the CPU over chains of passes.
///
/// Rejected: hardware filtering with textureLod (see above; kept out rather than behind a switch, since
/// parity is the point of this renderer); `glGenerateMipmap` (its filter is implementation-defined, so CPU and GPU would sample different
/// texels); per-op draw calls (batched as instances instead); GL_CLAMP_TO_BORDER (not in GLES 3.0, the blur
/// tests texel coordinates in the shader instead).
import LaminaGraph
