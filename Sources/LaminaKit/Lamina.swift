@_exported import Foundation
@_exported import LaminaCore
@_exported import LaminaGeometry
@_exported import LaminaGraph
@_exported import LaminaImage
import LaminaGL
import LaminaRaster
import LaminaGraph
import LaminaImage

/// Lamina as a library in one call: a layer (or a whole scene) in, an image out.
///
/// `import LaminaKit` brings this type with the layer API it draws: it re-exports LaminaCore (the layer
/// classes, the scene decoder, the planner), LaminaGraph (colours, render options), LaminaGeometry
/// (transforms, paths) and LaminaImage (images, PNG).
///
/// ```swift
/// import LaminaKit
/// let card = Layer()
/// card.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
/// card.backgroundColor = .systemBlue
/// card.cornerRadius = 16
/// let image = try Lamina.render(card, scale: 2)
/// try Lamina.writePNG(image, to: URL(fileURLWithPath: "card.png"))
/// ```
public enum Lamina {
    /// Which renderer draws: the CPU reference (the same bytes on every machine) or the GPU through EGL.
    public enum Backend: String, Sendable, CaseIterable {
        /// The reference renderer, on every core of the CPU: deterministic, independent of any GPU or driver.
        case cpu
        /// OpenGL ES 3 through EGL, on a hardware GPU or Mesa's llvmpipe, held to the CPU's result within
        /// fuzzy(2, 0).
        case gpu
    }

    /// Renders `layer` in its own coordinate space, as `-[CALayer renderInContext:]` does: its bounds fill
    /// the image (its position, transform and superlayer are ignored; its sublayers, shadow and effects are
    /// drawn, clipped to the image, so a shadow or a sublayer outside the bounds is cut off). `size` defaults
    /// to the bounds' size, in points; the image is `size` x `scale` pixels. The layer stays where it is in
    /// its tree. To draw the layer as it appears in a superlayer (turned by its transform, its shadow whole),
    /// use ``render(_:framing:scale:background:backend:at:warnings:)`` with ``Framing/inSuperlayer``.
    ///
    /// - Parameters:
    ///   - layer: The layer to draw, with its sublayers, mask and effects.
    ///   - size: The image's size in points; nil for the layer's bounds.
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; transparent by default.
    ///   - backend: The renderer; the CPU reference by default.
    ///   - time: The moment of the layers' animations to draw, in seconds after they were added (0).
    /// - Returns: The image, premultiplied RGBA, 8 bits a channel.
    /// - Throws: ``LaminaKitError/emptyImage(width:height:scale:)`` when the image would have no pixels (a
    ///   layer of zero size, and no `size`); `PlanError` when the tree is over a resource limit; the GPU
    ///   renderer's error when EGL or GL fails.
    public static func render(_ layer: Layer, size: CGSize? = nil, scale: Double = 1, background: Color = .clear,
                              backend: Backend = .cpu, at time: Double = 0) throws -> Image {
        try render(layer, size: size, scale: scale, background: background, backend: backend, at: time, warnings: nil)
    }

    static func render(_ layer: Layer, size: CGSize?, scale: Double, background: Color, backend: Backend,
                       at time: Double, warnings: ((SceneWarning) -> Void)?) throws -> Image {
        try withScene(of: layer, size: size, scale: scale, background: background) { scene in
            if let warnings { SceneWarning.find(in: scene).forEach(warnings) }
            return try render(scene, backend: backend, at: time)
        }
    }

    /// Runs `body` with `layer` placed in a scene of `size` (its bounds' size by default), as
    /// `render(_:size:scale:background:backend:at:)` draws it: its bounds' origin at the canvas's top-left
    /// corner, untransformed. The layer is put back where it was afterwards.
    static func withScene<T>(of layer: Layer, size: CGSize?, scale: Double, background: Color,
                             _ body: (Scene) throws -> T) throws -> T {
        let size = size ?? layer.bounds.size
        try checkImageSize(width: Double(size.width), height: Double(size.height), scale: scale)
        let scene = Scene(width: Double(size.width), height: Double(size.height), scale: scale, background: background)
        let parent = layer.superlayer
        let index = parent?.sublayersValue.firstIndex { $0 === layer }
        let saved = (layer.position, layer.transform, layer.zPosition)
        // Placed so that its bounds' origin is the image's top-left corner, untransformed, for the render.
        layer.transform = .identity
        layer.zPosition = 0
        layer.position = CGPoint(x: Double(layer.anchorPoint.x) * Double(layer.bounds.width),
                                 y: Double(layer.anchorPoint.y) * Double(layer.bounds.height))
        scene.root.addSublayer(layer)
        defer {
            layer.removeFromSuperlayer()
            (layer.position, layer.transform, layer.zPosition) = saved
            if let parent, let index { parent.insertSublayer(layer, at: min(index, parent.sublayersValue.count)) }
        }
        return try body(scene)
    }

    /// Renders a whole scene (a canvas and its layers, as a scene file describes it), with `options`' fast
    /// paths (the GPU renderer is shared by the process, so its start-up options are the first call's).
    ///
    /// - Parameters:
    ///   - scene: The canvas and the root layer's sublayers, built in code or decoded by `SceneDecoder`.
    ///   - backend: The renderer; the CPU reference by default.
    ///   - options: The fast paths' switches. Each fast path gives the bytes of the general path it replaces.
    ///   - time: The moment of the scene's animations to draw, in seconds of scene time; nil for the scene's
    ///     own `time`, else 0.
    /// - Returns: The canvas's image, `scene.pixelWidth` x `scene.pixelHeight` pixels.
    /// - Throws: `PlanError` when the scene is over a resource limit; the GPU renderer's error when EGL or GL
    ///   fails.
    public static func render(_ scene: Scene, backend: Backend = .cpu, options: RenderOptions = .default,
                              at time: Double? = nil) throws -> Image {
        try checkImageSize(width: scene.width, height: scene.height, scale: scene.scale)
        scene.root.prepareTreeForDisplay()
        var planner = Planner(options: options)
        planner.time = time
        let graph = try planner.plan(scene)
        switch backend {
        case .cpu: return try CPURenderer(options: options).render(graph)
        case .gpu:
            return try withGPU(options) { r in
                r.options = options
                return try r.render(graph)
            }
        }
    }

    /// Writes `image` as a PNG file (atomically: a failed write leaves no partial file).
    ///
    /// - Parameters:
    ///   - image: The image to encode, as a render returns it.
    ///   - url: The file to write; a symbolic link is followed and its target replaced.
    public static func writePNG(_ image: Image, to url: URL) throws {
        try AtomicFile.write(try PNG.encode(image), to: url)
    }

    private static let gpuLock = NSLock()
    nonisolated(unsafe) private static var gpuRenderer: GPURenderer?

    /// One GPU renderer for the process (an EGL context is costly to make), made on first use and used by one
    /// thread at a time.
    private static func withGPU<T>(_ options: RenderOptions = .default, _ body: (GPURenderer) throws -> T) throws -> T {
        gpuLock.lock()
        defer { gpuLock.unlock() }
        if gpuRenderer == nil { gpuRenderer = try GPURenderer(options: options) }
        guard let r = gpuRenderer else { throw LaminaKitError.gpuUnavailable }
        return try body(r)
    }
}

/// Errors of the one-call API itself (the planner and renderers throw their own).
public enum LaminaKitError: Error, CustomStringConvertible, Equatable {
    /// The process's GPU renderer could not be made.
    case gpuUnavailable
    /// The image asked for has no pixels: `width` x `height` points at `scale` round to less than 1x1 (a
    /// layer of zero size, or one that draws nothing).
    case emptyImage(width: Double, height: Double, scale: Double)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .gpuUnavailable: return "the GPU renderer could not be made"
        case let .emptyImage(width, height, scale):
            return "nothing to render: the image would be \(width) x \(height) points at scale \(scale), under 1x1 "
                + "pixel; give the layer a size (its bounds or frame), or pass size:"
        }
    }
}
