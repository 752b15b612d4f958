import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage

extension Lamina {
    /// What a render of one layer frames.
    public enum Framing: Sendable, Equatable {
        /// The layer's bounds in its own coordinates, as `render(in:)` draws it: its position and transform
        /// are ignored, and what it draws outside its bounds (a shadow, a sublayer) is cut off.
        case bounds
        /// The layer as it appears in a superlayer: its anchor point, transform and position applied, and the
        /// image the box of everything it draws there (``/LaminaCore/Layer/extentInSuperlayer``: its
        /// transformed bounds, its sublayers unless it masks to bounds, and its shadow's whole blur), rounded
        /// out to whole points. The superlayer itself is not drawn.
        case inSuperlayer
    }

    /// Renders `layer` framed as `framing` says, and reports to `warnings` what the render draws differently
    /// from what the tree asks (a font family that is not installed, drawn with a substitute), each
    /// ``/LaminaCore/SceneWarning`` with the JSON pointer the tree would have as a scene's `/layers/0`.
    ///
    /// - Parameters:
    ///   - layer: The layer to draw, with its sublayers, mask and effects; it stays where it is in its tree.
    ///   - framing: ``Framing/bounds`` (as `render(in:)`) or ``Framing/inSuperlayer`` (turned by its
    ///     transform, its shadow whole).
    ///   - scale: Pixels per point.
    ///   - background: The colour under everything; transparent by default.
    ///   - backend: The renderer; the CPU reference by default.
    ///   - time: The moment of the layers' animations to draw, in seconds after they were added (0).
    ///   - warnings: Called once per kind of departure, before the render; nil ignores them.
    /// - Returns: The image, premultiplied RGBA, 8 bits a channel.
    /// - Throws: ``LaminaKitError/emptyImage(width:height:scale:)`` when the layer has zero size (or, framed in
    ///   its superlayer, draws nothing); `PlanError` when the tree is over a resource limit; the GPU renderer's
    ///   error when EGL or GL fails.
    public static func render(_ layer: Layer, framing: Framing, scale: Double = 1, background: Color = .clear,
                              backend: Backend = .cpu, at time: Double = 0,
                              warnings: ((SceneWarning) -> Void)? = nil) throws -> Image {
        guard framing == .inSuperlayer else {
            return try render(layer, size: nil, scale: scale, background: background, backend: backend, at: time,
                              warnings: warnings)
        }
        guard let extent = layer.extentInSuperlayer else {
            throw LaminaKitError.emptyImage(width: Double(layer.bounds.width), height: Double(layer.bounds.height), scale: scale)
        }
        let minX = Double(extent.minX).rounded(.down), minY = Double(extent.minY).rounded(.down)
        let width = Double(extent.maxX).rounded(.up) - minX, height = Double(extent.maxY).rounded(.up) - minY
        try checkImageSize(width: width, height: height, scale: scale)
        let scene = Scene(width: width, height: height, scale: scale, background: background)
        let parent = layer.superlayer
        let index = parent?.sublayersValue.firstIndex { $0 === layer }
        let saved = layer.position
        // The extent's corner becomes the image's: the layer moves by it, keeping its transform.
        layer.position = CGPoint(x: Double(saved.x) - minX, y: Double(saved.y) - minY)
        scene.root.addSublayer(layer)
        defer {
            layer.removeFromSuperlayer()
            layer.position = saved
            if let parent, let index { parent.insertSublayer(layer, at: min(index, parent.sublayersValue.count)) }
        }
        if let warnings { SceneWarning.find(in: scene).forEach(warnings) }
        return try render(scene, backend: backend, at: time)
    }

    /// Renders a whole scene as ``render(_:backend:options:at:)`` does, and reports to `warnings` what it draws
    /// differently from what the scene asks (a font family that is not installed, drawn with Fontconfig's
    /// substitute): each ``/LaminaCore/SceneWarning`` names its first JSON pointer and how many places have
    /// it. The command line prints the same warnings (`warning: ...`).
    ///
    /// - Parameters:
    ///   - scene: The canvas and the root layer's sublayers, built in code or decoded by `SceneDecoder`.
    ///   - backend: The renderer; the CPU reference by default.
    ///   - options: The fast paths' switches.
    ///   - time: The moment of the scene's animations to draw; nil for the scene's own `time`, else 0.
    ///   - warnings: Called once per kind of departure, before the render.
    /// - Returns: The canvas's image, `scene.pixelWidth` x `scene.pixelHeight` pixels.
    public static func render(_ scene: Scene, backend: Backend = .cpu, options: RenderOptions = .default,
                              at time: Double? = nil, warnings: (SceneWarning) -> Void) throws -> Image {
        SceneWarning.find(in: scene).forEach(warnings)
        return try render(scene, backend: backend, options: options, at: time)
    }

    /// Refuses an image of no pixels (under 1x1 once scaled and rounded) or of a size that is not finite.
    static func checkImageSize(width: Double, height: Double, scale: Double) throws {
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            throw LaminaKitError.emptyImage(width: width, height: height, scale: scale)
        }
    }
}
