import Foundation

// The JSON shape of a render graph (`lamina plan --json`, format "lamina-plan/2"): each enum case with
// values is an object with one key, the case's name, whose value holds the values under their names, so no
// positional `_0` keys appear. The shape is documented in the README and versioned by `RenderGraph.format`.

extension RenderGraph {
    /// The name and version of the JSON shape `lamina plan --json` writes.
    public static let format = "lamina-plan/2"
}

private struct CaseKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private func only(_ decoder: Decoder) throws -> (KeyedDecodingContainer<CaseKey>, String) {
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
        case "draw": self = .draw(try c.decode([DrawOp].self, forKey: CaseKey(key)))
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

extension DrawKind {
    private struct Shape: Codable {
        var shape: RoundedRect
        var color: PremultipliedColor?
        var width: Double?
        var fill: PremultipliedColor?
        var border: PremultipliedColor?
        var paint: GradientPaint?
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .fill(let s, let color): try c.encode(Shape(shape: s, color: color), forKey: CaseKey("fill"))
        case .border(let s, let width, let color):
            try c.encode(Shape(shape: s, color: color, width: width), forKey: CaseKey("border"))
        case .borderedFill(let s, let fill, let width, let border):
            try c.encode(Shape(shape: s, width: width, fill: fill, border: border), forKey: CaseKey("borderedFill"))
        case .texture(let t): try c.encode(t, forKey: CaseKey("texture"))
        case .path(let p): try c.encode(p, forKey: CaseKey("path"))
        case .gradient(let s, let paint): try c.encode(Shape(shape: s, paint: paint), forKey: CaseKey("gradient"))
        }
    }

    public init(from decoder: Decoder) throws {
        let (c, key) = try only(decoder)
        func shape() throws -> Shape { try c.decode(Shape.self, forKey: CaseKey(key)) }
        func missing(_ what: String) -> DecodingError {
            .dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "missing \(what)")
        }
        switch key {
        case "fill":
            let s = try shape()
            guard let color = s.color else { throw missing("color") }
            self = .fill(s.shape, color)
        case "border":
            let s = try shape()
            guard let color = s.color, let width = s.width else { throw missing("color or width") }
            self = .border(s.shape, width: width, color)
        case "borderedFill":
            let s = try shape()
            guard let fill = s.fill, let width = s.width, let border = s.border else { throw missing("fill, width or border") }
            self = .borderedFill(s.shape, fill: fill, width: width, border: border)
        case "texture": self = .texture(try c.decode(TextureDraw.self, forKey: CaseKey(key)))
        case "path": self = .path(try c.decode(PathFill.self, forKey: CaseKey(key)))
        case "gradient":
            let s = try shape()
            guard let paint = s.paint else { throw missing("paint") }
            self = .gradient(s.shape, paint)
        default:
            throw DecodingError.dataCorruptedError(forKey: CaseKey(key), in: c, debugDescription: "unknown draw kind")
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
