import CGLES
import Foundation
import LaminaCore
import LaminaImage

/// The GPU renderer: executes a `RenderGraph` with OpenGL ES 3.0 on a headless EGL context.
///
/// Each pass renders into a pooled RGBA8 target (y-down, see the module comment), its ops batched into
/// instanced draws; a blur pass runs `BlurRunner`. A pass's target returns to the pool after the last pass
/// that reads it, and the canvas is read back with glReadPixels. Programs are built once, in `init`;
/// image textures are cached per `Bitmap` across frames. Not thread-safe: use a renderer from one thread
/// at a time (its context is made current on the calling thread for each frame).
public final class GPURenderer: Renderer {
    /// What the renderer runs on.
    public let info: GPUInfo
    private let context: GLContext
    /// Everything holding GL names; released in `deinit` while this renderer's context is current, so a
    /// glDelete* never hits another renderer's context (names are per context, GLES 3.0 §D.1).
    private var resources: Resources?

    /// The GL objects of one renderer.
    private final class Resources {
        let pool = TargetPool()
        let textures = TextureCache()
        let samplers = SamplerCache()
        let drawer: PrimitiveDrawer
        let blur: BlurRunner
        /// GL_MAX_TEXTURE_SIZE (at least 2048 in GLES 3.0, Table 6.35); larger passes are refused.
        let maxTextureSize: Int
        init() throws {
            var size: GLint = 0
            glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
            maxTextureSize = Int(size)
            drawer = try PrimitiveDrawer()
            blur = try BlurRunner(pool: pool)
        }
    }

    /// Starts EGL (on `platform`, or `LAMINA_EGL_PLATFORM`, or the first that works) and builds the
    /// shaders. Throws `GLError` naming each platform tried when none works.
    public init(platform: EGLPlatformChoice? = nil) throws {
        let forced = try platform ?? EGLPlatformChoice.fromEnvironment()
        context = try GLContext(forced: forced)
        info = GPUInfo(context: context)
        resources = try Resources()
    }

    deinit {
        try? context.makeCurrent()
        resources = nil
    }

    /// Counters for profiling: draw calls issued, targets allocated, images uploaded (since creation).
    public var counters: (drawCalls: Int, targetsCreated: Int, textureUploads: Int) {
        guard let r = resources else { return (0, 0, 0) }
        return (r.drawer.drawCalls, r.pool.created, r.textures.uploads)
    }

    public func render(_ graph: RenderGraph) throws -> Image {
        try context.makeCurrent()
        guard let r = resources else { throw GLError.invalidGraph("renderer released") }
        let (pool, textures, samplers, drawer, blur) = (r.pool, r.textures, r.samplers, r.drawer, r.blur)
        guard let canvas = graph.passes.last else { throw GLError.invalidGraph("the graph has no pass") }
        let lastUse = GPURenderer.lastUses(graph)
        var targets: [PassID: RenderTarget] = [:]
        defer { targets.values.forEach(pool.release) }

        var batcher = PassBatcher(
            resolve: { [textures] source in
                switch source {
                case .image(let id):
                    guard let bitmap = graph.image(id)?.bitmap else {
                        throw GLError.invalidGraph("\(id) has no pixels")
                    }
                    return try textures.texture(for: bitmap)
                case .pass(let id):
                    guard let t = targets[id] else { throw GLError.invalidGraph("\(id) is read before it is drawn") }
                    return t.texture
                }
            },
            resolvePass: { id in
                guard let t = targets[id] else { throw GLError.invalidGraph("\(id) is read before it is drawn") }
                return t.texture
            },
            samplers: samplers)

        for (index, pass) in graph.passes.enumerated() {
            guard pass.width <= r.maxTextureSize, pass.height <= r.maxTextureSize else {
                throw GLError.invalidGraph("\(pass.id) is \(pass.width)x\(pass.height), over GL_MAX_TEXTURE_SIZE "
                                           + "\(r.maxTextureSize) of \(info.glRenderer)")
            }
            // An empty pass (the CPU renderer gives a 0-pixel image) gets a 1x1 transparent target, so that
            // anything sampling it reads transparent, as it would read outside an empty image.
            let target = try pool.acquire(width: max(1, pass.width), height: max(1, pass.height))
            switch pass.content {
            case .draw(let ops):
                // Ops reading passes need those targets, so batches are built pass by pass; the pass's
                // instances and clips are uploaded in one call each.
                batcher.instances.removeAll(keepingCapacity: true)
                batcher.clips = ClipTable()
                let batches = try batcher.batches(for: ops, passBounds: PixelRect(x0: 0, y0: 0, x1: pass.width, y1: pass.height))
                try drawer.upload(instances: batcher.instances, clips: batcher.clips)
                target.bind()
                let c = index == graph.passes.count - 1 ? graph.clearColor : .transparent
                glClearColor(Float(c.r), Float(c.g), Float(c.b), Float(c.a))
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                try drawer.draw(batches, targetWidth: pass.width, targetHeight: pass.height)
            case .blur(let sourceID, let sigma):
                guard let source = targets[sourceID] else {
                    throw GLError.invalidGraph("\(pass.id) blurs \(sourceID), which is not drawn before it")
                }
                try blur.run(source: source, destination: target, sigma: sigma)
            }
            targets[pass.id] = target
            // Targets no later pass reads go back to the pool now.
            for (id, last) in lastUse where last == index && id != canvas.id {
                if let t = targets.removeValue(forKey: id) { pool.release(t) }
            }
            batcher.pathTextures.removeAll()
        }
        guard let result = targets[canvas.id] else { throw GLError.invalidGraph("the canvas was not drawn") }
        if canvas.width == 0 || canvas.height == 0 { return Image(width: canvas.width, height: canvas.height) }
        let image = try readback(result)
        textures.sweep()
        return image
    }

    /// Reads the target back. Rows come out window-y 0 first (GLES 3.0 §4.3.1), which is image row 0 in
    /// Lamina's y-down targets, so no flip is needed.
    private func readback(_ target: RenderTarget) throws -> Image {
        target.bind()
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: target.width * target.height * 4)
        try pixels.withUnsafeMutableBytes { p in
            try gl("glReadPixels") {
                glReadPixels(0, 0, GLsizei(target.width), GLsizei(target.height), GLenum(GL_RGBA),
                             GLenum(GL_UNSIGNED_BYTE), p.baseAddress)
            }
        }
        guard let image = Image(width: target.width, height: target.height, premultipliedRGBA: pixels) else {
            throw GLError.invalidGraph("readback size mismatch")
        }
        return image
    }

    /// For each pass, the index of the last pass that reads it (itself when none does).
    static func lastUses(_ graph: RenderGraph) -> [PassID: Int] {
        var last: [PassID: Int] = [:]
        for (i, pass) in graph.passes.enumerated() {
            last[pass.id] = max(last[pass.id] ?? i, i)
            switch pass.content {
            case .blur(let source, _): last[source] = i
            case .draw(let ops):
                for op in ops {
                    guard case .texture(let t) = op.kind else { continue }
                    if case .pass(let id) = t.source { last[id] = i }
                    if let m = t.mask { last[m] = i }
                }
            }
        }
        return last
    }
}
