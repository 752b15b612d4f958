import Foundation
import LaminaGeometry

// A draw operation's JSON: `shape` and `paint` (lamina-plan/3), or the `kind` that plans of versions 1 and 2
// wrote, one case naming shape and paint together, read into the same pair. Plans written when a layer's
// background and border could be one operation (a `framed` shape and paint in version 3, a `borderedFill`
// kind before) still decode, as the two operations it stood for: the fill, then the ring over it.

extension DrawOp {
    fileprivate enum CodingKeys: String, CodingKey { case shape, paint, kind, transform, clips, bounds, edgeAA, modulate }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(shape, forKey: .shape)
        try c.encode(paint, forKey: .paint)
        try c.encode(transform, forKey: .transform)
        try c.encode(clips, forKey: .clips)
        try c.encode(bounds, forKey: .bounds)
        try c.encode(edgeAA, forKey: .edgeAA)
        try c.encodeIfPresent(modulate, forKey: .modulate)
    }

    /// One operation; a fill with its border (which decodes as two) is refused here and read by a pass's
    /// list (`DecodedDrawOps`).
    public init(from decoder: Decoder) throws {
        let ops = try DecodedDrawOps.operations(decoder)
        guard ops.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a fill with its border is two operations"))
        }
        self = ops[0]
    }
}

/// A pass's operations as a plan's JSON lists them, each entry one operation or, from older plans, a fill
/// with its border over it (two).
struct DecodedDrawOps: Decodable {
    let ops: [DrawOp]

    init(from decoder: Decoder) throws {
        var list = try decoder.unkeyedContainer()
        var ops: [DrawOp] = []
        while !list.isAtEnd { ops += try list.decode(Entry.self).ops }
        self.ops = ops
    }

    private struct Entry: Decodable {
        let ops: [DrawOp]
        init(from decoder: Decoder) throws { ops = try DecodedDrawOps.operations(decoder) }
    }

    /// The operation (or the fill and its border) of one entry.
    static func operations(_ decoder: Decoder) throws -> [DrawOp] {
        let c = try decoder.container(keyedBy: DrawOp.CodingKeys.self)
        let pair: LegacyKind.Pair
        if c.contains(.kind) {
            pair = try c.decode(LegacyKind.self, forKey: .kind).pair
        } else if let framed = try? c.decode(FramedShape.self, forKey: .shape) {
            let colors = try c.decode(FramedPaint.self, forKey: .paint)
            pair = .bordered(framed.shape, width: framed.width, fill: colors.fill, border: colors.border)
        } else {
            pair = .one(try c.decode(DrawOp.Shape.self, forKey: .shape), try c.decode(DrawOp.Paint.self, forKey: .paint))
        }
        let transform = try c.decode(Transform3D.self, forKey: .transform)
        let clips = try c.decode([Clip].self, forKey: .clips)
        let bounds = try c.decode(PixelRect.self, forKey: .bounds)
        let edgeAA = try c.decode(EdgeMask.self, forKey: .edgeAA)
        let modulate = try c.decodeIfPresent(PremultipliedColor.self, forKey: .modulate)
        func op(_ shape: DrawOp.Shape, _ paint: DrawOp.Paint) -> DrawOp {
            DrawOp(shape: shape, paint: paint, transform: transform, clips: clips, bounds: bounds, edgeAA: edgeAA,
                   modulate: modulate)
        }
        switch pair {
        case .one(let shape, let paint): return [op(shape, paint)]
        case .bordered(let shape, let width, let fill, let border):
            return [op(.roundedRect(shape), .solid(fill)), op(.ring(shape, width: width), .solid(border))]
        }
    }

    /// Version 3's `{"framed": {"shape": ..., "width": ...}}` shape.
    private struct FramedShape: Decodable {
        let shape: RoundedRect, width: Double
        private struct Body: Decodable { var shape: RoundedRect; var width: Double }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CaseKey.self)
            let body = try c.decode(Body.self, forKey: CaseKey("framed"))
            shape = body.shape; width = body.width
        }
    }

    /// Version 3's `{"framed": {"fill": ..., "border": ...}}` paint.
    private struct FramedPaint: Decodable {
        let fill: PremultipliedColor, border: PremultipliedColor
        private struct Body: Decodable { var fill: PremultipliedColor; var border: PremultipliedColor }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CaseKey.self)
            let body = try c.decode(Body.self, forKey: CaseKey("framed"))
            fill = body.fill; border = body.border
        }
    }
}

/// The `kind` of a version 1 or 2 plan: `fill`, `border`, `borderedFill`, `texture` (with its destination
/// rect), `path` (with its colour) or `gradient`, each an object under its name.
private struct LegacyKind: Decodable {
    enum Pair {
        case one(DrawOp.Shape, DrawOp.Paint)
        case bordered(RoundedRect, width: Double, fill: PremultipliedColor, border: PremultipliedColor)
    }
    let pair: Pair

    private struct Rect: Decodable {
        var shape: RoundedRect
        var color: PremultipliedColor?, width: Double?, fill: PremultipliedColor?, border: PremultipliedColor?
        var paint: GradientPaint?
    }
    private struct Texture: Decodable { var destination: CGRect }
    private struct PathColor: Decodable { var color: PremultipliedColor }

    init(from decoder: Decoder) throws {
        let (c, name) = try only(decoder)
        let key = CaseKey(name)
        switch name {
        case "texture":
            let rect = try c.decode(Texture.self, forKey: key).destination
            pair = .one(.rect(rect), .texture(try c.decode(TextureDraw.self, forKey: key)))
        case "path":
            pair = .one(.path(try c.decode(PathShape.self, forKey: key)), .solid(try c.decode(PathColor.self, forKey: key).color))
        case "fill", "border", "borderedFill", "gradient":
            let r = try c.decode(Rect.self, forKey: key)
            switch (name, r.color, r.width, r.fill, r.border, r.paint) {
            case ("fill", let color?, _, _, _, _): pair = .one(.roundedRect(r.shape), .solid(color))
            case ("border", let color?, let width?, _, _, _): pair = .one(.ring(r.shape, width: width), .solid(color))
            case ("borderedFill", _, let width?, let fill?, let border?, _):
                pair = .bordered(r.shape, width: width, fill: fill, border: border)
            case ("gradient", _, _, _, _, let paint?): pair = .one(.roundedRect(r.shape), .gradient(paint))
            default:
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "missing a field of \(name)")
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown draw kind")
        }
    }
}
