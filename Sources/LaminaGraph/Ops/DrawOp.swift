import Foundation
import LaminaGeometry

/// A draw operation: coverage times colour. Its `shape` says where it draws and how much of each pixel (a
/// coverage in [0, 1]); its `paint` says what colour, per pixel; `transform`, `clips` and `bounds` place it.
/// Every pixel of `bounds` receives `paint x coverage(shape) x clips x modulate`, composited source-over.
///
/// A new layer type adds a shape or a paint (or neither), not a case every module switches on: the planner's
/// effects that only change colours (group opacity folded into a draw, a shadow's gray) read the paint
/// alone, those that only move geometry the transform and clips. Every shape takes every paint on both
/// renderers: a shape's coverage and a paint's colour are computed apart and multiplied.
public struct DrawOp: Codable, Sendable, Hashable {
    public var shape: Shape
    public var paint: Paint
    /// Maps the operation's local space (points of its layer, z = 0) to its pass's pixels.
    public var transform: Transform3D
    /// Clips that multiply the coverage, outermost first.
    public var clips: [Clip]
    /// The pixels the operation may touch, already inside the pass and the clips' bounds.
    public var bounds: PixelRect
    /// Which edges of the operation's rect are antialiased; the others use a hard half-open test in
    /// local space, so two slices sharing an edge cover each pixel exactly once. Rings are always
    /// antialiased.
    public var edgeAA: EdgeMask
    /// A colour every output component is multiplied by (replicator instance colours); nil means white.
    public var modulate: PremultipliedColor?

    @inlinable public init(shape: Shape, paint: Paint, transform: Transform3D, clips: [Clip] = [], bounds: PixelRect,
                edgeAA: EdgeMask = .all, modulate: PremultipliedColor? = nil) {
        self.shape = shape; self.paint = paint; self.transform = transform; self.clips = clips
        self.bounds = bounds; self.edgeAA = edgeAA; self.modulate = modulate
    }

    /// Where an operation draws, and how much of each pixel: its coverage, in its local space.
    public enum Shape: Codable, Sendable, Hashable {
        /// A rounded rect (a plain rect when every radius is zero): `clamp(0.5 - d, 0, 1)` of the signed
        /// distance in pixels (`Coverage` in LaminaRaster, `common.glsl`).
        case roundedRect(RoundedRect)
        /// The ring between the rect and its inset by `width` (radii max(0, r - width)); always antialiased
        /// (its op's `edgeAA` is `.all`).
        case ring(RoundedRect, width: Double)
        /// A path: flattened polylines and a fill rule, the exact area inside each pixel.
        case path(PathShape)

        /// A plain rect.
        public static func rect(_ r: CGRect) -> Shape { .roundedRect(RoundedRect(rect: r)) }

        /// The rounded rect of a rect-based shape (its outer edge for rings); nil for a path.
        public var outline: RoundedRect? {
            switch self {
            case .roundedRect(let r), .ring(let r, _): return r
            case .path: return nil
            }
        }

        /// The local rect a texture paint is stretched over: a rect-based shape's rect, a path's `frame`, or
        /// the bounds of its polylines when it names none.
        public var textureRect: CGRect {
            switch self {
            case .roundedRect(let r), .ring(let r, _): return r.rect
            case .path(let p): return p.frame ?? Polyline.bounds(of: p.polylines)
            }
        }
    }

    /// What colour an operation draws, per pixel of its shape (premultiplied, before coverage).
    public enum Paint: Codable, Sendable, Hashable {
        /// One colour.
        case solid(PremultipliedColor)
        /// A texture (an image or an earlier pass) stretched over the shape's rect (`Shape.textureRect`).
        case texture(TextureDraw)
        /// A gradient (CAGradientLayer), evaluated per pixel at the local point (`GradientPaint`).
        case gradient(GradientPaint)
    }

    /// The texture this operation samples, if its paint is one.
    public var texture: TextureDraw? {
        if case .texture(let t) = paint { return t }
        return nil
    }
}

extension DrawOp.Shape: CustomStringConvertible {
    public var description: String {
        switch self {
        case .roundedRect: return "roundedRect"
        case .ring: return "ring"
        case .path: return "path"
        }
    }
}

extension DrawOp.Paint: CustomStringConvertible {
    public var description: String {
        switch self {
        case .solid: return "solid"
        case .texture: return "texture"
        case .gradient: return "gradient"
        }
    }
}

/// A texture paint: part of an image or an earlier pass, stretched over its operation's rect.
public struct TextureDraw: Codable, Sendable, Hashable {
    public enum Source: Codable, Sendable, Hashable {
        case image(ImageID)
        case pass(PassID)
    }
    public var source: Source
    /// The part of the texture drawn over the operation's rect, in unit texture coordinates (0,0 is the
    /// top-left texel corner); it may reach outside [0, 1], where edge texels are extended (clamp to edge).
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
    /// When set, the output is added to the target (`dst + src`, each channel held to 1) instead of drawn
    /// over it: the second half of a cross-dissolve (`old x (1 - p)` drawn, then `new x p` added). Both
    /// renderers round the source to 8 bits and add whole bytes, so the sum is exact and alike.
    public var adds = false

    public init(source: Source, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                minFilter: ContentsFilter = .linear, magFilter: ContentsFilter = .linear, lodBias: Double = 0,
                opacity: Double = 1, tint: PremultipliedColor? = nil, mask: PassID? = nil, invertsMask: Bool = false) {
        self.source = source; self.sourceRect = sourceRect
        self.minFilter = minFilter; self.magFilter = magFilter; self.lodBias = lodBias
        self.opacity = opacity.heldAsFloat; self.tint = tint; self.mask = mask; self.invertsMask = invertsMask
    }

    enum CodingKeys: String, CodingKey {
        case source, sourceRect, minFilter, magFilter, lodBias, opacity, tint, mask, invertsMask, adds
    }

    /// Decodes a plan's texture; `invertsMask` may be absent, meaning false.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(source: try c.decode(Source.self, forKey: .source),
                  sourceRect: try c.decode(CGRect.self, forKey: .sourceRect),
                  minFilter: try c.decode(ContentsFilter.self, forKey: .minFilter),
                  magFilter: try c.decode(ContentsFilter.self, forKey: .magFilter),
                  lodBias: try c.decode(Double.self, forKey: .lodBias),
                  opacity: try c.decode(Double.self, forKey: .opacity),
                  tint: try c.decodeIfPresent(PremultipliedColor.self, forKey: .tint),
                  mask: try c.decodeIfPresent(PassID.self, forKey: .mask),
                  invertsMask: try c.decodeIfPresent(Bool.self, forKey: .invertsMask) ?? false)
        adds = try c.decodeIfPresent(Bool.self, forKey: .adds) ?? false
    }

    /// Encodes every field; `adds` only when set, so plans without a dissolve read as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(source, forKey: .source)
        try c.encode(sourceRect, forKey: .sourceRect)
        try c.encode(minFilter, forKey: .minFilter)
        try c.encode(magFilter, forKey: .magFilter)
        try c.encode(lodBias, forKey: .lodBias)
        try c.encode(opacity, forKey: .opacity)
        try c.encodeIfPresent(tint, forKey: .tint)
        try c.encodeIfPresent(mask, forKey: .mask)
        try c.encode(invertsMask, forKey: .invertsMask)
        if adds { try c.encode(adds, forKey: .adds) }
    }
}

/// A path shape: flattened polylines and a fill rule.
public struct PathShape: Codable, Sendable, Hashable {
    public var polylines: [Polyline]
    public var rule: FillRule
    /// False for a hard-edged fill: a pixel is covered wholly when the exact area inside is at least one half
    /// (for a straight edge, when its centre is inside), else not at all. The masks of split 3D planes use it,
    /// so two pieces sharing an edge cover each pixel along it once.
    public var antialiased = true
    /// The local rect a texture paint is stretched over (a layer's bounds for its contents in a
    /// continuous-corner shape); nil: the polylines' bounds.
    public var frame: CGRect?
    public init(polylines: [Polyline], rule: FillRule, antialiased: Bool = true, frame: CGRect? = nil) {
        self.polylines = polylines; self.rule = rule; self.antialiased = antialiased; self.frame = frame
    }

    /// The coverage drawn for an exact-area `coverage`: itself, or 0 or 1 for a hard-edged fill.
    @inline(__always)
    public func drawn(_ coverage: Float) -> Float {
        antialiased ? coverage : (coverage >= 0.5 ? 1 : 0)
    }

    /// The polylines projected to pixels through `m`, every one closed; vertices behind the eye
    /// (w <= 1e-9) are dropped. Both renderers rasterize exactly these polylines.
    ///
    /// Under a map whose w is 1 for every finite point (no perspective row, finite z terms) the division and
    /// the z and w terms are left out: w is exactly 1 there and the z term a zero, so each point is the
    /// general path's (up to the sign of a zero), and a point with a coordinate that is not finite, whose w
    /// would be NaN, is dropped as there.
    public func projected(through m: Transform3D) -> [Polyline] {
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m31.isFinite, m.m32.isFinite, m.m34.isFinite else {
            return polylines.map { line in
                Polyline(points: line.points.compactMap { p -> CGPoint? in
                    let q = m.apply(x: Double(p.x), y: Double(p.y))
                    guard q.w > 1e-9 else { return nil }
                    return CGPoint(x: q.x / q.w, y: q.y / q.w)
                }, closed: true)
            }
        }
        return polylines.map { line in
            var points: [CGPoint] = []
            points.reserveCapacity(line.points.count)
            for p in line.points {
                let x = Double(p.x), y = Double(p.y)
                guard x.isFinite, y.isFinite else { continue }
                points.append(CGPoint(x: x * m.m11 + y * m.m21 + m.m41, y: x * m.m12 + y * m.m22 + m.m42))
            }
            return Polyline(points: points, closed: true)
        }
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
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }
    // Constants the caller's module folds, where a stored `static let` is a lazy global behind a once-check
    // at every use (coverage tests per pixel and per grid line read them).
    @inlinable public static var minX: EdgeMask { EdgeMask(rawValue: 1) }
    @inlinable public static var maxX: EdgeMask { EdgeMask(rawValue: 2) }
    @inlinable public static var minY: EdgeMask { EdgeMask(rawValue: 4) }
    @inlinable public static var maxY: EdgeMask { EdgeMask(rawValue: 8) }
    @inlinable public static var all: EdgeMask { EdgeMask(rawValue: 15) }
}
