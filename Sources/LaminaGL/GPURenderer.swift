import CGLES
import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// The GPU renderer: executes a `RenderGraph` with OpenGL ES 3.0 on a headless EGL context.
///
/// Each pass renders into a pooled RGBA8 target (BGRA8 on llvmpipe, `RasterTuning`; y-down, see the module
/// comment), its ops batched into quads; a blur pass runs `BlurRunner`. A pass's target returns to the pool after the last pass
/// that reads it, and the canvas is read back with glReadPixels (`FrameExecutor`). Programs are built once,
/// in `init`; image textures are cached per `Bitmap` across frames. Not thread-safe: use a renderer from
/// one thread at a time (its context is made current on the calling thread for each frame).
public final class GPURenderer: Renderer {
    /// What the renderer runs on.
    public let info: GPUInfo
    /// What graphs this renderer executes, whatever the driver: its exact blur shaders are compiled for
    /// radius `BlurRunner.maxRadius`; wider blurs must come as pyramids.
    public static let capabilities = RendererCapabilities(maxExactBlurRadius: BlurRunner.maxRadius)
    public var capabilities: RendererCapabilities { Self.capabilities }
    /// When true, each pass is timed with GL_EXT_disjoint_timer_query (where present) into
    /// `lastFrameStats`; off by default because the queries cost a little.
    public var collectsGPUTimes = false
    /// Counts and times of the last frame rendered.
    public private(set) var lastFrameStats: FrameStats?
    /// The fast-path switches: the per-frame ones are read at each `render`; `linearRasterizer`,
    /// `fetchBlend`, `splitsReadback` and `checksGLErrors` take effect when the renderer starts. Changing
    /// them lets go of the kept passes: some change the bytes a pass draws (`joinsBorders`), and a pass's key
    /// names what it draws, not how.
    public var options: RenderOptions {
        didSet {
            if options != oldValue {
                resources?.retained.dropAll()
                // The kept draws' pages are GL objects: deleted by the next frame, with this renderer's
                // context current (options may be set on a thread where another context, or none, is).
                resources?.keptDrawsStale = true
            }
        }
    }

    private let context: GLContext
    /// Everything holding GL names; released in `deinit` while this renderer's context is current, so a
    /// glDelete* never hits another renderer's context (names are per context, GLES 3.0 §D.1).
    private var resources: GLResources?

    /// Starts EGL (on `platform`, or the first that works) and builds the shaders. Throws `GLError` naming
    /// each platform tried when none works.
    public convenience init(platform: EGLPlatformChoice? = nil, options: RenderOptions = .default) throws {
        try self.init(platform: platform, tuning: nil, options: options)
    }

    /// With `tuning`, that shape of passes and draws instead of the one chosen for the driver (tests compare
    /// the two).
    init(platform: EGLPlatformChoice?, tuning: RasterTuning?, options: RenderOptions = .default) throws {
        self.options = options
        if let checks = options.checksGLErrors { GLCheck.enabled = checks }
        context = try GLContext(forced: platform)
        info = GPUInfo(context: context)
        let present = Set(info.extensions.filter(\.present).map(\.name))
        let chosen = tuning ?? RasterTuning.choose(renderer: info.glRenderer, extensions: present, options: options)
        resources = try GLResources(
            timerQueries: present.contains("GL_EXT_disjoint_timer_query"),
            // RGBA32F pyramid levels need GL_EXT_color_buffer_float (_half_float renders only 16-bit floats).
            floatTargets: present.contains("GL_EXT_color_buffer_float"),
            coverageFormat: PathCoverage.format(extensions: present),
            pathCoverage: options.pathCoverage ?? .standard,
            keepsPathCoverage: options.keepsPathCoverage,
            tuning: chosen,
            readback: chosen.splitsReadback && options.splitsReadback ? ReadbackWorker.start(sharing: context) : nil)
    }

    /// How this renderer computes path coverage: the option's method, else `PathCoverageMethod.standard`.
    public var pathCoverage: PathCoverageMethod {
        options.pathCoverage ?? .standard
    }

    /// Whether the canvas is read back by two threads (`ReadbackWorker`).
    var splitsReadback: Bool { resources?.readback != nil }
    /// The path coverage's cap on one decomposition's trapezoids (`PathCoverage.trapezoidLimit`), for tests.
    var pathTrapezoidLimit: Int {
        get { resources?.paths.trapezoidLimit ?? PathTrapezoids.maximumTrapezoids }
        set { resources?.paths.trapezoidLimit = newValue }
    }

    /// The path coverage's records held at once (`PathCoverage.recordLimit`), lowered by tests of its rounds.
    var pathRecordLimit: Int {
        get { resources?.paths.recordLimit ?? PathCoverage.defaultRecordLimit }
        set { resources?.paths.recordLimit = newValue }
    }

    /// The shape of passes and draws in use (`RasterTuning`).
    var tuning: RasterTuning? { resources?.tuning }

    /// The batcher's arrays kept between frames (`PassBatcher.Storage`), for tests.
    var batcherStorage: PassBatcher.Storage { resources?.batcherStorage ?? PassBatcher.Storage() }

    /// Whether quads are drawn as instances (`RasterTuning.instanced`).
    public var instancedQuads: Bool { resources?.tuning.instanced ?? false }
    /// Whether a canvas mostly left to its clear colour is cleared and read back where its draws lie
    /// (`RasterTuning.drawsRegions`: software rasterizers), as `RenderOptions.readsDrawnRegions` allows.
    public var drawsRegions: Bool { (resources?.tuning.drawsRegions ?? false) && options.readsDrawnRegions }

    /// The path coverage work kept between frames (`RenderOptions.keepsPathCoverage`), for tests.
    var keptPathCoverage: ByteBoundedCache<PathCoverage.KeptKey, PathCoverage.Kept>? { resources?.paths.kept }

    /// How many draws are kept in pages (`KeptDrawAtlas`), for tests.
    var keptDrawCount: Int { resources?.keptDraws.count ?? 0 }

    /// How many passes' kept draws were handed out again without a search (`KeptDrawMemo`), for tests.
    var keptDrawReplays: Int { resources?.keptMemo.replays ?? 0 }

    /// How many passes' batches were handed out again (`PassBatchMemo`), for tests.
    var batchReplays: Int { resources?.batchMemo.replays ?? 0 }

    /// Paints the kept draws' pages one colour, for tests that show what is copied from them.
    func paintKeptPages(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) throws {
        try context.makeCurrent()
        resources?.keptDraws.paintPages(red, green, blue, alpha)
    }

    /// How many passes' coverage atlases are kept for the next frame (`PathCoverage+KeptPages.swift`), for tests.
    var keptCoverageAtlases: Int { resources?.paths.keptPasses.count ?? 0 }

    /// The targets the pool holds free between frames, and their bytes (`TargetPool`), for tests.
    var freeTargets: (count: Int, bytes: Int) { (resources?.pool.freeCount ?? 0, resources?.pool.freeBytes ?? 0) }

    deinit {
        try? context.makeCurrent()
        resources = nil
    }

    /// Counters since creation: draw calls issued, targets allocated, images uploaded.
    public var counters: (drawCalls: Int, targetsCreated: Int, textureUploads: Int) {
        guard let r = resources else { return (0, 0, 0) }
        return (r.drawer.drawCalls + r.blur.drawCalls + r.paths.drawCalls, r.pool.created, r.textures.uploads)
    }

    public func retains(_ key: PassRetainKey) -> Bool { resources?.retained.contains(key) ?? false }

    /// Executes `graph` and returns the canvas, premultiplied RGBA8, row 0 at the top.
    public func render(_ graph: RenderGraph) throws -> Image {
        if let defect = graph.defect { throw defect }
        try context.makeCurrent()
        guard let r = resources else { throw GLError.invalidGraph("renderer released") }
        if r.keptDrawsStale {
            r.keptDraws.dropAll()
            r.keptDrawsStale = false
        }
        let frame = FrameExecutor(graph: graph, resources: r, timed: collectsGPUTimes, options: options)
        // Coverage atlases no pass of this frame read go back to the pool (`PathCoverage+KeptPages.swift`).
        // Free targets no pass took this frame or the one before are deleted (`TargetPool.endFrame`). Answers
        // and batches of another graph, or naming kept regions let go, are dropped (`KeptDrawMemo`, `PassBatchMemo`).
        defer {
            r.paths.endFrame(); r.pool.endFrame(); r.keptDraws.endFrame()
            r.keptMemo.trim(r.keptDraws, passes: graph.passes)
            r.batchMemo.trim(keeping: r.keptMemo.serials, passes: graph.passes)
        }
        let image = try frame.run()
        lastFrameStats = frame.stats
        return image
    }
}

/// The GL objects of one renderer, created with its context current.
final class GLResources {
    let pool = TargetPool()
    let textures = TextureCache()
    /// Small images' level 0, packed (`ImageAtlas`).
    let atlas = ImageAtlas()
    /// Images uploaded so far, to their own textures or to atlas slots (a profiling counter).
    var uploads: Int { textures.uploads + atlas.uploads }
    /// Retained passes kept between frames, 256 MiB, and which of them are kept (`RetainPolicy`).
    lazy var retained = RetainedTargets(pool: pool, capacityBytes: 256 << 20)
    let retainPolicy = RetainPolicy()
    let drawer: PrimitiveDrawer
    let blur: BlurRunner
    /// Path fills' coverage, computed on the GPU before each pass's draws.
    let paths: PathCoverage
    /// Texture and gradient draws kept between frames in pages (`KeptDrawAtlas`).
    let keptDraws: KeptDrawAtlas
    /// Each pass's kept draws as the last frame that made none found them (`KeptDrawMemo`).
    let keptMemo = KeptDrawMemo()
    /// Each pass's batches, handed out again in a warm frame (`PassBatchMemo`).
    let batchMemo = PassBatchMemo()
    /// Set when the options changed: the kept draws are let go at the next frame.
    var keptDrawsStale = false
    /// The batcher's arrays between frames (`PassBatcher.Storage`).
    var batcherStorage = PassBatcher.Storage()
    let timer: GPUTimer
    /// GL_MAX_TEXTURE_SIZE (at least 2048 in GLES 3.0, Table 6.35); larger passes are refused.
    let maxTextureSize: Int

    let tuning: RasterTuning
    /// Reads the lower half of large canvases while the renderer's thread reads the upper half.
    let readback: ReadbackWorker?

    init(timerQueries: Bool, floatTargets: Bool, coverageFormat: Int32?, pathCoverage: PathCoverageMethod,
         keepsPathCoverage: Bool, tuning: RasterTuning, readback: ReadbackWorker?) throws {
        self.readback = readback
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = Int(size)
        self.tuning = tuning
        drawer = try PrimitiveDrawer(tuning: tuning)
        blur = try BlurRunner(pool: pool, floatTargets: floatTargets)
        paths = try PathCoverage(pool: pool, format: coverageFormat, method: pathCoverage, keeps: keepsPathCoverage)
        timer = GPUTimer(available: timerQueries)
        keptDraws = KeptDrawAtlas(format: tuning.colorFormat)
    }
}
