import Foundation
import LaminaGeometry

// The JSON shape of a render graph (`lamina plan --json`, format "lamina-plan/3"): each enum case with
// values is an object with one key, the case's name, whose value holds the values under their names, so no
// positional `_0` keys appear. The shape is documented in the README and versioned by `RenderGraph.format`.

extension RenderGraph {
    /// The name and version of the JSON shape `lamina plan --json` writes.
    public static let format = "lamina-plan/3"
}

/// The key of an enum case: its name (`DrawOp+Coding.swift` reads version-2 plans with it too).
struct CaseKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The one key of an enum case's object, and its container.
func only(_ decoder: Decoder) throws -> (KeyedDecodingContainer<CaseKey>, String) {
    let c = try decoder.container(keyedBy: CaseKey.self)
    guard c.allKeys.count == 1, let key = c.allKeys.first else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected one key"))
    }
    return (c, key.stringValue)
}

extension PassContent {
    private struct Blur: Codable { var source: PassID; var sigma: Double; var method: BlurMethod? }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .draw(let ops): try c.encode(ops, forKey: CaseKey("draw"))
        case .blur(let source, let sigma, let method):
            try c.encode(Blur(source: source, sigma: sigma, method: method), forKey: CaseKey("blur"))
        }
    }

    public init(from decoder: Decoder) throws {
        let (c, key) = try only(decoder)
        switch key {
        case "draw": self = .draw(try c.decode(DecodedDrawOps.self, forKey: CaseKey(key)).ops)
        case "blur":
            let b = try c.decode(Blur.self, forKey: CaseKey(key))
            // A plan written before methods were recorded: the method its sigma would get for any content.
            self = .blur(source: b.source, sigma: b.sigma,
                         method: b.method ?? BlurPyramid.choose(sigma: b.sigma, content: .anyContent))
        default:
            throw DecodingError.dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "unknown pass content")
        }
    }
}

extension DrawOp.Shape {
    private struct Rect: Codable { var shape: RoundedRect; var width: Double? }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .roundedRect(let r): try c.encode(Rect(shape: r), forKey: CaseKey("roundedRect"))
        case .ring(let r, let width): try c.encode(Rect(shape: r, width: width), forKey: CaseKey("ring"))
        case .path(let p): try c.encode(p, forKey: CaseKey("path"))
        }
    }

    public init(from decoder: Decoder) throws {
        let (c, key) = try only(decoder)
        func rect(width needed: Bool) throws -> Rect {
            let r = try c.decode(Rect.self, forKey: CaseKey(key))
            guard !needed || r.width != nil else {
                throw DecodingError.dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "missing width")
            }
            return r
        }
        switch key {
        case "roundedRect": self = .roundedRect(try rect(width: false).shape)
        case "ring": let r = try rect(width: true); self = .ring(r.shape, width: r.width ?? 0)
        case "path": self = .path(try c.decode(PathShape.self, forKey: CaseKey(key)))
        default:
            throw DecodingError.dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "unknown shape")
        }
    }
}

extension DrawOp.Paint {
    private struct Solid: Codable { var color: PremultipliedColor }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .solid(let color): try c.encode(Solid(color: color), forKey: CaseKey("solid"))
        case .texture(let t): try c.encode(t, forKey: CaseKey("texture"))
        case .gradient(let g): try c.encode(g, forKey: CaseKey("gradient"))
        }
    }

    public init(from decoder: Decoder) throws {
        let (c, key) = try only(decoder)
        switch key {
        case "solid": self = .solid(try c.decode(Solid.self, forKey: CaseKey(key)).color)
        case "texture": self = .texture(try c.decode(TextureDraw.self, forKey: CaseKey(key)))
        case "gradient": self = .gradient(try c.decode(GradientPaint.self, forKey: CaseKey(key)))
        default:
            throw DecodingError.dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "unknown paint")
        }
    }
}

extension TextureDraw.Source {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .image(let id): try c.encode(id, forKey: CaseKey("image"))
        case .pass(let id): try c.encode(id, forKey: CaseKey("pass"))
        }
    }

    public init(from decoder: Decoder) throws {
        let (c, key) = try only(decoder)
        switch key {
        case "image": self = .image(try c.decode(ImageID.self, forKey: CaseKey(key)))
        case "pass": self = .pass(try c.decode(PassID.self, forKey: CaseKey(key)))
        default: throw DecodingError.dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "unknown source")
        }
    }
}
