/// The switches of the planner's and the renderers' fast paths and diagnostics, as one value.
///
/// Every fast path here is pixman-style: a shortcut over a general path that gives the same result (the
/// same bytes, or for `joinsBorders` one rounding fewer), kept switchable so tests and benchmarks can hold
/// the two against each other. Library users and tests pass a value instead of flipping globals; only the
/// command-line tool reads the environment (its `LAMINA_*` variables, listed in the DocC article "The
/// command-line tool") into one. Every default is the production setting.
public struct RenderOptions: Sendable, Equatable {
    /// Both renderers: a fill and the border right after it drawn as one operation (`BorderedFill`) where
    /// nothing lies between them, rounded once instead of twice on the border's pixels.
    public var joinsBorders = true

    /// Both renderers: a blur, or a group's, mask's or effect's offscreen pass (`PassReason.keptWhenItRecurs`),
    /// that recurs in consecutive frames is kept and not drawn again (`RetainPolicy`).
    public var keepsRecurringBlurs = true

    /// CPU: which fast paths over the general per-pixel path are on (`CPUFastPaths`: spans, the coverage
    /// memo, texel and bilinear grids, aligned copies, occlusion, affine sampling).
    public var cpuPaths = CPUFastPaths.all
    /// CPU: every fast path on (true) or none (false); reads true only when all are on.
    public var cpuFastPaths: Bool {
        get { cpuPaths == .all }
        set { cpuPaths = newValue ? .all : [] }
    }

    /// GPU: draws split into solid interiors and edge pieces (`OpSplitter`) and texel-exact copies
    /// (`TexelBlit`).
    public var gpuFastPaths = true
    /// GPU: a draw joins an open batch of its program up to 16 batches back when nothing between overlaps.
    public var reordersBatches = true
    /// GPU: opaque solid pieces drawn front to back with the depth test, blending only what they leave.
    public var occludes = true
    /// GPU: on a rasterizer that a depth buffer takes off its fast path (llvmpipe's linear rasterizer,
    /// `RasterTuning.detachesDepth`), a pass whose cuts left pixels under opaque pieces is drawn in op order
    /// instead of depth tested: the same bytes, the overdraw cheaper there than the depth buffer.
    public var avoidsDepth = true
    /// GPU: pieces cut by later opaque pieces instead of drawn whole.
    public var culls = true
    /// GPU: a texture or gradient draw seen unchanged in consecutive frames is drawn once into a kept page
    /// and copied from there texel for pixel (`KeptDrawAtlas`): the same bytes, one read a pixel. A pass of
    /// the same graph drawn again takes its kept draws and batches as the frame before left them
    /// (`KeptDrawMemo`, `PassBatchMemo`); off, each frame batches its passes anew.
    public var keepsDraws = true
    /// GPU, with `keepsDraws`: a kept draw over one opaque colour (the canvas's, an opaque card's:
    /// `OpaqueBackdrop`) is kept composited over it, and copied back opaque, without blending: the same
    /// bytes, no read of the target (on llvmpipe, its linear rasterizer's row copies).
    public var keepsComposites = true
    /// GPU: the programs of rounded rects, borders, textures and gradients specialised to their op's map
    /// (affine, or a translation: the local point without the projective arithmetic that gives exactly
    /// x / 1 there): the same bytes, fewer instructions a pixel.
    public var specialisesMaps = true
    /// GPU, on a software rasterizer: a canvas whose draws leave most of it to the background cleared and
    /// read back only where they lie (`DrawnRegions`), the rest of the image filled with the background's
    /// bytes: the same bytes.
    public var readsDrawnRegions = true
    /// GPU: a blur only texel copies read stays at its reduced pyramid level, the copies reconstructing it.
    public var keepsReducedBlurs = true
    /// GPU: a gray pass blurred packed (`blur_wide.frag`: two pixels to an RGBA8 texel in 16-bit fixed point) instead of in RGBA.
    public var packsGrayBlurs = true

    /// GPU, chosen when the renderer starts: llvmpipe's linear rasterizer shape (`RasterTuning`).
    public var linearRasterizer = true
    /// GPU, chosen when the renderer starts: blending in the fragment shader through
    /// GL_EXT_shader_framebuffer_fetch where the driver has it.
    public var fetchBlend = true
    /// GPU, chosen when the renderer starts: large canvases read back by two threads.
    public var splitsReadback = true
    /// GPU, chosen when the renderer starts: path fills' coverage work (the CPU's rows when uploaded,
    /// trapezoid records otherwise) kept between frames for fills drawn again unchanged.
    public var keepsPathCoverage = true
    /// GPU, chosen when the renderer starts: on a GPU (not a software rasterizer), each quad drawn as one
    /// instance with its record read once, instead of four vertices carrying it.
    public var instancedQuads = true
    /// GPU: how path fills' coverage is computed (`PathCoverageMethod`; all are exact). Nil:
    /// `PathCoverageMethod.standard` (the CPU's rasterizer, uploaded), reported by `lamina info`.
    public var pathCoverage: PathCoverageMethod?
    /// GPU, applied when a renderer starts (process-wide): `glGetError` after every call. Nil leaves the
    /// build's default, on in debug builds and off in release ones.
    public var checksGLErrors: Bool?

    public init() {}

    /// Every fast path on, errors checked as the build decides.
    public static let `default` = RenderOptions()
}
