import CGLES
import Foundation
import LaminaGraph
import LaminaGeometry

/// How passes and draws are shaped for the rasterizer underneath, decided once per context.
///
/// Mesa's llvmpipe (21.3 and later) has a linear rasterizer for 2D work: rectangles are binned as
/// rectangles instead of triangle pairs, and a tile whose every command is a rectangle is shaded without
/// edge tests, shaders of the simplest form (`fragColor = v_color`) in 8-bit fixed point. It only engages
/// when (Mesa 22.3, `lp_state_derived.c`, `lp_setup_vbuf.c`, `lp_setup_rect.c`, `lp_state_setup.c`):
/// - the colour buffer is B8G8R8A8 and no depth or stencil buffer is attached;
/// - the draw's fragment shader reads no flat varying (rect detection is off for any that does);
/// - an indexed triangle list has at most 1020 indices (the draw module splits longer ones into chunks
///   that break the pairing of triangles);
/// - every attribute is planar over the quad, which a constant is.
///
/// On llvmpipe the op record therefore travels as smooth varyings, constant over each quad: the setup's
/// gradients are exactly zero and with w = 1 every fragment reads the vertex value bit for bit, as flat
/// would give. Other GPUs keep flat records and RGBA8 targets: their interpolation is barycentric, whose
/// rounding could move a record's integer fields. The opaque solid interiors, the bulk of a card's pixels,
/// are then written by the linear rasterizer (cards-200@1x: see the README's figures). The 8-bit path
/// rounds differently from the general one, so only opaque solids take it, their colours given on the
/// 8-bit grid (`exactOnLinear`); blended solids are kept off it (ShaderKey.blended). With that, every
/// byte equals the general shape's (`LinearRasterTests`), depth-tested passes included.
struct RasterTuning: Equatable {
    /// Format of draw pass targets: GL_BGRA_EXT (EXT_texture_format_BGRA8888) or GL_RGBA8.
    var colorFormat: Int32
    /// The op record reaches the fragment shader as smooth varyings (constant over a quad), not flat.
    var smoothRecords: Bool
    /// Most quads per indexed draw call.
    var maxQuadsPerDraw: Int
    /// A depth buffer attached for an occluding pass is detached after it, so the target stays linear.
    var detachesDepth: Bool
    /// Opaque solid colours are given as k / 255 (`exactOnLinear`), which the linear shading and the
    /// general path both turn into byte k.
    var quantizesOpaqueSolids: Bool
    /// The canvas is read back by two threads, the renderer's and a `ReadbackWorker`'s: on a software
    /// rasterizer the read-back is a memory copy, faster on two cores.
    var splitsReadback: Bool
    /// Blended batches blend in the fragment shader, reading the target through
    /// GL_EXT_shader_framebuffer_fetch: the source on the 8-bit grid plus `dst * (1 - src.a)` rounded to the
    /// nearest byte, the CPU's blend of bytes (`Blend.over`). llvmpipe's fixed-function 8-bit blend
    /// approximates the division by 255 and is a step off now and then; an NVIDIA GPU's is exact.
    var fetchBlend = false
    /// A quad is one instance of a four-vertex strip, its record read once per instance, instead of four
    /// vertices each carrying the record (`InstanceLayout`'s comment: llvmpipe runs its vertex pipeline per
    /// instance, so it keeps the vertices). A GPU then takes a quarter of the bytes per quad, and the CPU
    /// no longer writes the four copies.
    var instanced = false
    /// A canvas mostly left to its clear colour is cleared and read back only where its draws lie
    /// (`DrawnRegions`): on a software rasterizer, where a whole clear sends every tile through the
    /// rasterizer and the read-back is a memory copy. A GPU keeps its whole clear and one read-back (there
    /// each read is a wait on the GPU, and the gain was never measured on one).
    var drawsRegions = false

    /// The general shape: RGBA8, flat records, one draw per batch, one read-back thread.
    static let general = RasterTuning(colorFormat: GL_RGBA8, smoothRecords: false, maxQuadsPerDraw: .max,
                                      detachesDepth: false, quantizesOpaqueSolids: false, splitsReadback: false)
    /// Shaped for llvmpipe's linear rasterizer.
    static let linear = RasterTuning(colorFormat: GL_BGRA_EXT, smoothRecords: true, maxQuadsPerDraw: 170,
                                     detachesDepth: true, quantizesOpaqueSolids: true, splitsReadback: true)

    /// The colour channel llvmpipe's linear shading stores as the same byte its general path stores for `f`.
    ///
    /// The general path converts with a magic bias (gallivm `lp_build_clamped_float_to_unsigned_norm`):
    /// k = round-to-nearest-even(fl(f * 255/256) * 256). The linear path truncates twice
    /// (`lp_linear_interp.c`): byte = floor(f * 32767) >> 7, which is k exactly when f = k / 255
    /// (32767 k / 255 = 128 k + 127 k / 255, and the second term stays below 128), also after the float
    /// division's rounding. So k / 255 gives byte k on both paths. k is the byte the CPU stores for `f`
    /// (`StoreRounding`): computed here in double, where the magic bias's float product put 0.3 (76.500003
    /// steps) on 76 and the CPU on 77.
    static func exactOnLinear(_ f: Float) -> Float {
        Float(StoreRounding.byte(Double(f))) / 255
    }

    /// The shape for the current context, whose GL_RENDERER is `renderer` and whose GL extensions include
    /// `extensions`: linear on llvmpipe where BGRA targets can be drawn and read back, unless `options`
    /// keeps the general shape (`linearRasterizer`); fetch-blending where the driver has it, unless
    /// `options` keeps fixed-function blending (`fetchBlend`); instanced quads on a GPU, unless `options`
    /// keeps vertices (`instancedQuads`).
    static func choose(renderer: String, extensions: Set<String>, options: RenderOptions = .default) -> RasterTuning {
        var tuning = options.linearRasterizer ? chooseShape(renderer: renderer, extensions: extensions) : .general
        tuning.fetchBlend = options.fetchBlend && extensions.contains("GL_EXT_shader_framebuffer_fetch")
        tuning.instanced = options.instancedQuads && !PathCoverageMethod.isSoftware(renderer: renderer)
        tuning.drawsRegions = PathCoverageMethod.isSoftware(renderer: renderer)
        return tuning
    }

    private static func chooseShape(renderer: String, extensions: Set<String>) -> RasterTuning {
        guard renderer.hasPrefix("llvmpipe"), extensions.contains("GL_EXT_texture_format_BGRA8888"),
              extensions.contains("GL_EXT_read_format_bgra") else { return .general }
        // ES 3.0 does not promise that BGRA is colour-renderable: a 1x1 target is tried first.
        guard (try? RenderTarget(width: 1, height: 1, format: GL_BGRA_EXT)) != nil else {
            while glGetError() != GLenum(GL_NO_ERROR) {}
            return .general
        }
        return .linear
    }
}
