import Foundation
import LaminaImage

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
    /// and size): a renderer may keep its result between frames and, while it has it, skip the pass and the
    /// passes only it reads (`passesToRun`), as Core Animation draws a backing store once until it changes.
    /// Not part of a plan's JSON.
    public var retainKey: PassRetainKey?

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

/// A draw operation: something with coverage and colour, its transform, clips and pixel bounds.
public struct DrawOp: Codable, Sendable {
    public var kind: DrawKind
    /// Maps the operation's local space (points of its layer, z = 0) to its pass's pixels.
    public var transform: Transform3D
    /// Clips that multiply the coverage, outermost first.
    public var clips: [Clip]
    /// The pixels the operation may touch, already inside the pass and the clips' bounds.
    public var bounds: PixelRect
    /// Which edges of the operation's rect are antialiased; the others use a hard half-open test in
    /// local space, so two slices sharing an edge cover each pixel exactly once.
    public var edgeAA: EdgeMask
    /// A colour every output component is multiplied by (replicator instance colours); nil means white.
    public var modulate: PremultipliedColor?

    public init(kind: DrawKind, transform: Transform3D, clips: [Clip] = [], bounds: PixelRect,
                edgeAA: EdgeMask = .all, modulate: PremultipliedColor? = nil) {
        self.kind = kind; self.transform = transform; self.clips = clips; self.bounds = bounds
        self.edgeAA = edgeAA; self.modulate = modulate
    }
}

public enum DrawKind: Codable, Sendable {
    /// A rounded rect filled with a colour (a plain rect when every radius is zero).
    case fill(RoundedRect, PremultipliedColor)
    /// A border: the ring between `outer` and its inset by `width` with radii max(0, r - width), always
    /// antialiased (its op's `edgeAA` is `.all`).
    case border(RoundedRect, width: Double, PremultipliedColor)
    /// A fill with its border drawn over it, as one operation: what `.fill(shape, fill)` followed by
    /// `.border(shape, width, border)` draws, composited as one source. At a pixel with the shape's
    /// coverage `o` and the ring's `r` (both times the clips'), the source is
    /// `border * r + fill * (o * (1 - border.a * r))`, which is the border over the fill: source-over is
    /// associative, so only the rounding to 8 bits differs from two draws (once here, not twice). The
    /// planner joins a layer's background and border this way when nothing is drawn between them.
    case borderedFill(RoundedRect, fill: PremultipliedColor, width: Double, border: PremultipliedColor)
    /// A texture (an image or an earlier pass) mapped onto a rect.
    case texture(TextureDraw)
    /// A path filled with a colour; polylines in local space, already flattened finely enough for the
    /// pass's pixels.
    case path(PathFill)
    /// A rounded rect filled with a gradient (CAGradientLayer), evaluated per pixel (`GradientPaint`).
    case gradient(RoundedRect, GradientPaint)
}

/// A texture drawn onto the rect `destination` in local space.
public struct TextureDraw: Codable, Sendable {
    public enum Source: Codable, Sendable, Hashable {
        case image(ImageID)
        case pass(PassID)
    }
    public var source: Source
    /// The rect in local space the texture is drawn onto.
    public var destination: CGRect
    /// The part of the texture drawn there, in unit texture coordinates (0,0 is the top-left texel
    /// corner); it may reach outside [0, 1], where edge texels are extended (clamp to edge).
    public var sourceRect: CGRect
    public var minFilter: ContentsFilter
    public var magFilter: ContentsFilter
    /// Added to the level of detail (minificationFilterBias).
    public var lodBias: Double
    /// Multiplies the sampled colour; held at float precision as `PremultipliedColor`'s components are.
    public var opacity: Double { didSet { opacity = opacity.heldAsFloat } }
    /// When set, the output is `tint * sample.alpha` (a shadow: the blurred shape's alpha, coloured).
    public var tint: PremultipliedColor?
    /// When set, the output is multiplied by this pass's alpha, sampled at the same texture coordinates
    /// (the planner makes the mask pass the same size and space as the source pass).
    public var mask: PassID?
    /// When set (with `mask`), the output is multiplied by one minus the mask's alpha instead (a drawing's
    /// clear: the store so far through one minus the cleared coverage).
    public var invertsMask: Bool

    public init(source: Source, destination: CGRect, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                minFilter: ContentsFilter = .linear, magFilter: ContentsFilter = .linear, lodBias: Double = 0,
                opacity: Double = 1, tint: PremultipliedColor? = nil, mask: PassID? = nil, invertsMask: Bool = false) {
        self.source = source; self.destination = destination; self.sourceRect = sourceRect
        self.minFilter = minFilter; self.magFilter = magFilter; self.lodBias = lodBias
        self.opacity = opacity.heldAsFloat; self.tint = tint; self.mask = mask; self.invertsMask = invertsMask
    }

    enum CodingKeys: String, CodingKey {
        case source, destination, sourceRect, minFilter, magFilter, lodBias, opacity, tint, mask, invertsMask
    }

    /// Decodes a plan's texture; `invertsMask` may be absent (plans written before it), meaning false.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(source: try c.decode(Source.self, forKey: .source),
                  destination: try c.decode(CGRect.self, forKey: .destination),
                  sourceRect: try c.decode(CGRect.self, forKey: .sourceRect),
                  minFilter: try c.decode(ContentsFilter.self, forKey: .minFilter),
                  magFilter: try c.decode(ContentsFilter.self, forKey: .magFilter),
                  lodBias: try c.decode(Double.self, forKey: .lodBias),
                  opacity: try c.decode(Double.self, forKey: .opacity),
                  tint: try c.decodeIfPresent(PremultipliedColor.self, forKey: .tint),
                  mask: try c.decodeIfPresent(PassID.self, forKey: .mask),
                  invertsMask: try c.decodeIfPresent(Bool.self, forKey: .invertsMask) ?? false)
    }
}

/// A path fill: flattened polylines, a fill rule and a colour.
public struct PathFill: Codable, Sendable {
    public var polylines: [Polyline]
    public var rule: FillRule
    public var color: PremultipliedColor
    /// False for a hard-edged fill: a pixel is covered wholly when the exact area inside is at least one half
    /// (for a straight edge, when its centre is inside), else not at all. The masks of split 3D planes use it,
    /// so two pieces sharing an edge cover each pixel along it once.
    public var antialiased = true
    public init(polylines: [Polyline], rule: FillRule, color: PremultipliedColor) {
        self.polylines = polylines; self.rule = rule; self.color = color
    }

    /// The coverage drawn for an exact-area `coverage`: itself, or 0 or 1 for a hard-edged fill.
    @inline(__always)
    public func drawn(_ coverage: Float) -> Float {
        antialiased ? coverage : (coverage >= 0.5 ? 1 : 0)
    }
}

/// A clip: a rounded rect in its own local space, mapped to the pass's pixels by `transform`.
///
/// Like fills and borders, clips carry circular corners only: the planner turns continuous corners into
/// path fills and, for clips, into a mask pass (`PassReason.clipShape`).
public struct Clip: Codable, Sendable, Hashable {
    public var shape: RoundedRect
    public var transform: Transform3D
    public var edgeAA: EdgeMask
    public init(shape: RoundedRect, transform: Transform3D, edgeAA: EdgeMask = .all) {
        self.shape = shape; self.transform = transform; self.edgeAA = edgeAA
    }
}

/// Which edges of a rect are antialiased (CA's edgeAntialiasingMask bits).
public struct EdgeMask: OptionSet, Codable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let minX = EdgeMask(rawValue: 1)
    public static let maxX = EdgeMask(rawValue: 2)
    public static let minY = EdgeMask(rawValue: 4)
    public static let maxY = EdgeMask(rawValue: 8)
    public static let all: EdgeMask = [.minX, .maxX, .minY, .maxY]
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
    /// Executes `graph` and returns the canvas, premultiplied RGBA8.
    func render(_ graph: RenderGraph) throws -> Image
}

extension PathFill {
    /// The polylines projected to pixels through `m`, every one closed; vertices behind the eye
    /// (w <= 1e-9) are dropped. Both renderers rasterize exactly these polylines.
    public func projected(through m: Transform3D) -> [Polyline] {
        polylines.map { line in
            Polyline(points: line.points.compactMap { p -> CGPoint? in
                let q = m.apply(x: Double(p.x), y: Double(p.y))
                guard q.w > 1e-9 else { return nil }
                return CGPoint(x: q.x / q.w, y: q.y / q.w)
            }, closed: true)
        }
    }
}
