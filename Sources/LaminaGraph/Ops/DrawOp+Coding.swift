import Foundation
import LaminaGeometry

// A draw operation's JSON: `shape` and `paint` (lamina-plan/3), or the `kind` that plans of versions 1 and 2
// wrote, one case naming shape and paint together, read into the same pair.

extension DrawOp {
    private enum CodingKeys: String, CodingKey { case shape, paint, kind, transform, clips, bounds, edgeAA, modulate }

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

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let shape: Shape, paint: Paint
        if c.contains(.kind) {
            (shape, paint) = try c.decode(LegacyKind.self, forKey: .kind).pair
        } else {
            shape = try c.decode(Shape.self, forKey: .shape)
            paint = try c.decode(Paint.self, forKey: .paint)
        }
        self.init(shape: shape, paint: paint, transform: try c.decode(Transform3D.self, forKey: .transform),
                  clips: try c.decode([Clip].self, forKey: .clips), bounds: try c.decode(PixelRect.self, forKey: .bounds),
                  edgeAA: try c.decode(EdgeMask.self, forKey: .edgeAA),
                  modulate: try c.decodeIfPresent(PremultipliedColor.self, forKey: .modulate))
    }
}

/// The `kind` of a version 1 or 2 plan: `fill`, `border`, `borderedFill`, `texture` (with its destination
/// rect), `path` (with its colour) or `gradient`, each an object under its name.
private struct LegacyKind: Decodable {
    let pair: (DrawOp.Shape, DrawOp.Paint)

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
            pair = (.rect(rect), .texture(try c.decode(TextureDraw.self, forKey: key)))
        case "path":
            pair = (.path(try c.decode(PathShape.self, forKey: key)), .solid(try c.decode(PathColor.self, forKey: key).color))
        case "fill", "border", "borderedFill", "gradient":
            let r = try c.decode(Rect.self, forKey: key)
            switch (name, r.color, r.width, r.fill, r.border, r.paint) {
            case ("fill", let color?, _, _, _, _): pair = (.roundedRect(r.shape), .solid(color))
            case ("border", let color?, let width?, _, _, _): pair = (.ring(r.shape, width: width), .solid(color))
            case ("borderedFill", _, let width?, let fill?, let border?, _):
                pair = (.framed(r.shape, width: width), .framed(fill: fill, border: border))
            case ("gradient", _, _, _, _, let paint?): pair = (.roundedRect(r.shape), .gradient(paint))
            default:
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "missing a field of \(name)")
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown draw kind")
        }
    }
}
