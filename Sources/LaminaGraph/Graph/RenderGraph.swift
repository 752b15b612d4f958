import Foundation
import LaminaImage
import LaminaGeometry

/// Identifies a pass of a `RenderGraph`.
public struct PassID: Hashable, Codable, Sendable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public var description: String { "pass#\(index)" }
}

/// Identifies an image (a layer's contents) of a `RenderGraph`.
public struct ImageID: Hashable, Codable, Sendable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public var description: String { "image#\(index)" }
}

/// What the planner hands a renderer: passes in execution order, the last one the canvas.
///
/// All Core Animation semantics have been applied by the time a graph exists: every operation carries
/// the full projective transform from its local space into its pass's pixels, its clip stack and its
/// pixel bounds. A renderer executes passes in order and draws each pass's operations in order with
/// premultiplied source-over; it never looks at a layer.
///
/// Contracts both renderers keep (DESIGN.md):
/// - a pass is an RGBA8 premultiplied target cleared to transparent (the canvas to `clearColor`), and
///   its result is rounded to 8 bits when the pass ends; a blur also rounds between its two directions;
/// - pixel centres are at +0.5; an operation touches only pixels inside its `bounds`;
/// - coverage of rounded rects and borders comes from the signed distance in pixel units,
///   `clamp(0.5 - d, 0, 1)`, see `Coverage` in LaminaRaster and `common.glsl`.
public struct RenderGraph: Codable, Sendable {
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    /// Pixels per point of the canvas.
    public var scale: Double
    /// The colour the canvas pass is cleared to.
    public var clearColor: PremultipliedColor
    /// Passes in execution order; every pass a pass reads comes before it. The last is the canvas.
    public var passes: [Pass]
    /// The images operations sample, indexed by `ImageID`.
    public var images: [ImageResource]

    public init(width: Int, height: Int, scale: Double, clearColor: PremultipliedColor,
                passes: [Pass], images: [ImageResource]) {
        self.width = width; self.height = height; self.scale = scale; self.clearColor = clearColor
        self.passes = passes; self.images = images
    }

    /// The canvas pass, whose result is the rendered image.
    public var output: Pass? { passes.last }

    public func pass(_ id: PassID) -> Pass? { passes.first { $0.id == id } }
    public func image(_ id: ImageID) -> ImageResource? { images.indices.contains(id.index) ? images[id.index] : nil }
}

/// Why an offscreen pass exists, recorded the way Chromium's compositor records render-surface reasons.
public enum PassReason: String, Codable, Sendable, CaseIterable {
    /// The canvas itself.
    case canvas
    /// A layer's alpha (or its shadowPath) rendered to be blurred into a shadow.
    case shadowShape
    /// The blurred shadow shape.
    case shadowBlur
    /// A layer's output, to be multiplied by its mask layer.
    case maskedContent
    /// The mask layer, rendered for its alpha.
    case maskAlpha
    /// A subtree composited as one group because its opacity < 1 and its draws overlap.
    case groupOpacity
    /// shouldRasterize: the subtree as a bitmap at rasterizationScale.
    case rasterization
    /// A layer whose transform cannot carry its effects in the target's pixel space (non-similarity), so
    /// they are rendered in its own space and composited through the transform.
    case transformedEffect
    /// A clip whose shape the per-draw rounded-rect clip cannot express (continuous corners): the
    /// content is multiplied by the clip shape's coverage, rendered as a path.
    case clipShape
    /// A drawn layer's backing store (custom drawing) at bounds x contentsScale, and the passes its path
    /// clips and clears go through.
    case drawing
    /// One appearance of a layer in a transition (`CATransition`'s old or new one), or their cross-dissolve.
    case transition

    /// Whether a pass of this reason is kept between frames once it recurs (`RetainPolicy`), as a blur is: a
    /// group's, a mask's or a masked layer's, an effect's or a clip's offscreen pass, whose pixels are a
    /// function of its operations and the passes they read (`PassFingerprints`).
    public var keptWhenItRecurs: Bool {
        switch self {
        case .groupOpacity, .maskedContent, .maskAlpha, .transformedEffect, .clipShape: return true
        case .canvas, .shadowShape, .shadowBlur, .rasterization, .drawing, .transition: return false
        }
    }
}

/// One render target and what fills it.
public struct Pass: Codable, Sendable, Identifiable {
    public let id: PassID
    public var reason: PassReason
    /// The layer that caused the pass (its name, or its path in the tree).
    public var label: String
    /// Size of the target in pixels.
    public var width: Int
    public var height: Int
    public var content: PassContent
    /// Every pixel of the pass has r = g = b = a (a shape in white of its alpha, or its blur), so a
    /// renderer may store it one value per pixel (the GPU's packed gray blur, `BlurRunner`).
    public var isGray: Bool
    /// Set on a pass whose pixels are decided by the key alone (a drawn layer's backing store, by its commands
    /// and size; a rasterized layer; a blur): a renderer may keep its result between frames and, while it has
    /// it, skip the pass and the passes only it reads (`passesToRun`), as Core Animation draws a backing store
    /// once until it changes. Not part of a plan's JSON.
    public var retainKey: PassRetainKey?

    /// Whether the pass is a blur (`PassContent.blur`).
    public var isBlur: Bool {
        if case .blur = content { return true }
        return false
    }

    /// Whether the pass is kept only once its key recurs in consecutive frames (`RetainPolicy`): a blur, or a
    /// pass whose reason says so (`PassReason.keptWhenItRecurs`).
    public var isKeptWhenItRecurs: Bool { isBlur || reason.keptWhenItRecurs }

    /// Whether the pass is a layer's kept bitmap (a rasterized layer, a drawing's store): keyed, and kept as
    /// soon as it is drawn (`RetainPolicy`; a blur's key, or a group's, is kept only when it recurs).
    public var isLayerBitmap: Bool { retainKey != nil && !isKeptWhenItRecurs }

    enum CodingKeys: String, CodingKey { case id, reason, label, width, height, content, isGray }

    public init(id: PassID, reason: PassReason, label: String, width: Int, height: Int, content: PassContent,
                isGray: Bool = false, retainKey: PassRetainKey? = nil) {
        self.id = id; self.reason = reason; self.label = label
        self.width = width; self.height = height; self.content = content; self.isGray = isGray
        self.retainKey = retainKey
    }
}

public enum PassContent: Codable, Sendable {
    /// Draw operations in order, source-over, onto a target cleared to transparent (the canvas to
    /// the graph's `clearColor`).
    case draw([DrawOp])
    /// An exact separable Gaussian blur of `source` (same size as this pass): weights
    /// `exp(-i^2 / (2 sigma^2))` for |i| <= ceil(3 sigma), normalised to sum 1, horizontal first, with
    /// texels outside the source transparent and the intermediate kept in 16-bit fixed point
    /// (`BlurIntermediate`; rounded to 8 bits, as every other stored value, it was half a step of noise that
    /// no approximating blur can follow), the result rounded to 8 bits. `method` is how a
    /// renderer that approximates (the GPU) may compute it instead, and the bound it keeps to
    /// (`BlurPyramid.choose`); the CPU reference ignores it.
    case blur(source: PassID, sigma: Double, method: BlurMethod)
}

/// An image an operation samples: its size and the mip chain both renderers sample.
public struct ImageResource: Codable, Sendable {
    public let id: ImageID
    public let width: Int
    public let height: Int
    public let origin: String
    /// The pixels (not encoded when a plan is printed).
    public let bitmap: Bitmap?

    public init(id: ImageID, bitmap: Bitmap) {
        self.id = id; self.width = bitmap.width; self.height = bitmap.height
        self.origin = bitmap.origin; self.bitmap = bitmap
    }

    enum CodingKeys: String, CodingKey { case id, width, height, origin }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(ImageID.self, forKey: .id)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        origin = try c.decode(String.self, forKey: .origin)
        bitmap = nil
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height); try c.encode(origin, forKey: .origin)
    }
}

/// The renderer interface: a render graph in, an image out.
public protocol Renderer {
    /// What graphs this renderer can execute; the planner fits a graph to it (`Planner.capabilities`).
    var capabilities: RendererCapabilities { get }
    /// Executes `graph` and returns the canvas, premultiplied RGBA8.
    func render(_ graph: RenderGraph) throws -> Image
    /// Whether the renderer holds a pass of this key from an earlier frame, which it will reuse instead of
    /// drawing it again (`Pass.retainKey`): what a timeline profile reports as a cache hit.
    func retains(_ key: PassRetainKey) -> Bool
}

extension Renderer {
    public func retains(_ key: PassRetainKey) -> Bool { false }
}
