/// The scene format's vocabulary (scene-format.md and `SceneDecoder+Layer.swift`): every layer key with the
/// kind of value it takes, and generators of values that sit on or past the decoder's edges.
enum SceneVocabulary {
    /// The kind of value a key takes.
    enum ValueKind {
        case number, count, unit, bool, color, rect, point, size, transform, affine, path, image, name([String])
        case corners, numberList, colorList, layer, layerList, text, font, attributedText, drawing
    }

    static let layerTypes = ["layer", "shape", "gradient", "replicator", "transform", "text", "scroll"]
    static let gravities = ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
                            "bottomRight", "resize", "resizeAspect", "resizeAspectFill"]
    static let filters = ["linear", "nearest", "trilinear"]
    static let corners = ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"]

    /// Every layer key (common and type-specific) and its value kind.
    static let layerKeys: [(String, ValueKind)] = [
        ("type", .name(layerTypes)), ("name", .text), ("frame", .rect), ("bounds", .rect), ("position", .point),
        ("anchorPoint", .point), ("anchorPointZ", .number), ("zPosition", .number), ("transform", .transform),
        ("affineTransform", .affine), ("sublayerTransform", .transform), ("geometryFlipped", .bool),
        ("hidden", .bool), ("opacity", .unit), ("allowsGroupOpacity", .bool), ("backgroundColor", .color),
        ("cornerRadius", .number), ("maskedCorners", .corners), ("cornerCurve", .name(["circular", "continuous"])),
        ("borderWidth", .number), ("borderColor", .color), ("masksToBounds", .bool), ("mask", .layer),
        ("shadowOpacity", .unit), ("shadowColor", .color), ("shadowOffset", .size), ("shadowRadius", .number),
        ("shadowPath", .path), ("contents", .image), ("contentsGravity", .name(gravities)),
        ("contentsRect", .rect), ("contentsCenter", .rect), ("contentsScale", .number),
        ("minificationFilter", .name(filters)), ("magnificationFilter", .name(filters)),
        ("minificationFilterBias", .number), ("shouldRasterize", .bool), ("rasterizationScale", .number),
        ("doubleSided", .bool), ("allowsEdgeAntialiasing", .bool), ("sublayers", .layerList),
        // shape
        ("path", .path), ("fillColor", .color), ("fillRule", .name(["nonZero", "evenOdd"])), ("strokeColor", .color),
        ("lineWidth", .number), ("lineCap", .name(["butt", "round", "square"])),
        ("lineJoin", .name(["miter", "round", "bevel"])), ("miterLimit", .number), ("lineDashPattern", .numberList),
        ("lineDashPhase", .number), ("strokeStart", .unit), ("strokeEnd", .unit),
        // gradient
        ("colors", .colorList), ("locations", .numberList), ("startPoint", .point), ("endPoint", .point),
        ("gradientType", .name(["axial", "radial", "conic"])),
        // replicator
        ("instanceCount", .count), ("instanceTransform", .transform), ("instanceColor", .color),
        ("instanceRedOffset", .number), ("instanceGreenOffset", .number), ("instanceBlueOffset", .number),
        ("instanceAlphaOffset", .number), ("preservesDepth", .bool),
        // text
        ("string", .attributedText), ("font", .font), ("fontSize", .number), ("foregroundColor", .color),
        ("alignmentMode", .name(["natural", "left", "right", "center", "justified"])), ("wrapped", .bool),
        ("truncationMode", .name(["none", "start", "middle", "end"])),
        // scroll
        ("scrollTo", .point),
        // custom drawing (any layer type)
        ("drawing", .drawing),
    ]

    /// Every drawing op (`SceneDecoder+Drawing.swift`) and the arguments it takes.
    static let drawingOps: [(String, [(String, ValueKind)])] = [
        ("setFillColor", [("color", .color)]), ("setStrokeColor", [("color", .color)]),
        ("setLineWidth", [("width", .number)]), ("setLineCap", [("cap", .name(["butt", "round", "square"]))]),
        ("setLineJoin", [("join", .name(["miter", "round", "bevel"]))]), ("setMiterLimit", [("limit", .number)]),
        ("setLineDash", [("phase", .number), ("lengths", .numberList)]), ("setAlpha", [("alpha", .unit)]),
        ("saveGState", []), ("restoreGState", []), ("translateBy", [("x", .number), ("y", .number)]),
        ("scaleBy", [("x", .number), ("y", .number)]), ("rotate", [("angle", .number)]),
        ("concatenate", [("transform", .affine)]), ("beginPath", []), ("move", [("to", .point)]),
        ("addLine", [("to", .point)]), ("addCurve", [("to", .point), ("control1", .point), ("control2", .point)]),
        ("addQuadCurve", [("to", .point), ("control", .point)]),
        ("addArc", [("center", .point), ("radius", .number), ("startAngle", .number), ("endAngle", .number),
                    ("clockwise", .bool)]),
        ("closePath", []), ("addRect", [("rect", .rect)]), ("addEllipse", [("rect", .rect)]),
        ("addRoundedRect", [("rect", .rect), ("radius", .number)]), ("addPath", [("path", .path)]),
        ("fillPath", [("rule", .name(["nonZero", "evenOdd"]))]), ("strokePath", []),
        ("drawPath", [("mode", .name(["fill", "eoFill", "stroke", "fillStroke", "eoFillStroke"]))]),
        ("clip", [("rule", .name(["nonZero", "evenOdd"]))]), ("fill", [("rect", .rect)]), ("stroke", [("rect", .rect)]),
        ("fillEllipse", [("rect", .rect)]), ("strokeEllipse", [("rect", .rect)]), ("clear", [("rect", .rect)]),
        ("clipToRect", [("rect", .rect)]), ("drawImage", [("image", .image), ("rect", .rect)]),
    ]

    /// A list of drawing commands: mostly well-formed, each argument at its edge, sometimes an unknown op, a
    /// missing argument or a long run of one command.
    static func drawing(_ rng: inout FuzzRandom) -> FuzzJSON {
        var commands: [FuzzJSON] = []
        for _ in 0..<rng.below(12) {
            let (op, arguments) = rng.pick(drawingOps)
            var fields: [FuzzJSON.Member] = [.init(key: "op", value: .string(rng.chance(16) ? op + "s" : op))]
            for (key, kind) in arguments where !rng.chance(12) { fields.append(.init(key: key, value: value(kind, &rng))) }
            let command = FuzzJSON.object(fields)
            commands += Array(repeating: command, count: rng.chance(20) ? 1 + rng.below(3000) : 1)
        }
        return .array(commands)
    }

    /// The keys a layer of `type` accepts: the common keys and its own (all of them for an unknown type).
    static func keys(ofType type: String) -> Set<String> {
        let specific: [String: [String]] = [
            "shape": ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                      "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"],
            "gradient": ["colors", "locations", "startPoint", "endPoint", "gradientType"],
            "replicator": ["instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset",
                           "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth"],
            "text": ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "wrapped", "truncationMode"],
            "scroll": ["scrollTo"],
        ]
        let all = Set(layerKeys.map(\.0))
        guard layerTypes.contains(type) else { return all }
        let others = Set(specific.filter { $0.key != type }.values.flatMap { $0 })
        return all.subtracting(others)
    }

    /// Numbers on the decoder's and renderers' edges: the ±1e7 bound and just past it, zeros of both signs,
    /// subnormals, the 16384-pixel side limit, powers of two, and fractions that do not round evenly.
    static let edgeNumbers: [Double] = [
        0, 1, -1, 0.5, -0.5, 2, 3, 1e7, -1e7, 9_999_999.5, 10_000_000.000001, 1e-300, -1e-300, .leastNonzeroMagnitude, 1e-7,
        0.0001, 0.999999, 1.000001, 16384, 16385, 16383.5, 8192, 4096, 65536, 2_147_483_647, 100_000, 100_001,
        1e6, 0.3333333333333333, 3.141592653589793, 1e-12, 255, 256, 1024, -16384,
    ]

    /// Number tokens written verbatim: not representable, negative zero, or not JSON at all.
    static let rawNumbers = ["-0", "1e999", "-1e999", "1e-400", "123456789012345678901234567890", "NaN",
                             "-Infinity", "0e0", "1E+7", "-0.0e-0", "1e7", "00", "1.", ".5"]

    /// A number: mostly an edge value, sometimes random, sometimes a raw token or a numeric-looking string.
    static func number(_ rng: inout FuzzRandom) -> FuzzJSON {
        switch rng.below(24) {
        case 0: return .raw(rng.pick(rawNumbers))
        case 1: return .string(rng.pick(["NaN", "Infinity", "-inf", "1e7", "0x10", ""]))
        case 2, 3, 4, 5, 6: return .number(rng.uniform(-2000...2000).rounded() / Double(rng.pick([1, 2, 4, 10, 1000])))
        default: return .number(rng.pick(edgeNumbers))
        }
    }

    /// `n` numbers in an array.
    static func numbers(_ n: Int, _ rng: inout FuzzRandom) -> FuzzJSON {
        .array((0..<n).map { _ in number(&rng) })
    }

    /// A value for a key of `kind`; usually well-formed, at the edge of its range.
    static func value(_ kind: ValueKind, _ rng: inout FuzzRandom) -> FuzzJSON {
        switch kind {
        case .number: return number(&rng)
        case .count: return .number(rng.pick([0, 1, 2, 100, 1000, 100_000, 100_001, 65536, 1e7]))
        case .unit: return rng.chance(4) ? number(&rng) : .number(rng.pick([0, 1, 0.5, 1e-300, 0.999999]))
        case .bool: return .bool(rng.chance(2))
        case .color: return color(&rng)
        case .rect: return numbers(4, &rng)
        case .point, .size: return numbers(2, &rng)
        case .transform: return transform(&rng, depth: 0)
        case .affine: return numbers(6, &rng)
        case .path: return path(&rng)
        case .image: return .string(HostilePNG.dataURI(HostilePNG.make(rng.pick(HostilePNG.Kind.allCases), rng: &rng)))
        case .name(let names): return .string(rng.chance(8) ? "" : rng.pick(names))
        case .corners: return .array((0..<rng.below(6)).map { _ in .string(rng.pick(corners)) })
        case .numberList: return numbers(rng.below(6), &rng)
        case .colorList: return .array((0..<rng.below(6)).map { _ in color(&rng) })
        case .drawing: return drawing(&rng)
        case .layer: return layer(&rng)
        case .layerList: return .array((0..<1 + rng.below(3)).map { _ in layer(&rng) })
        case .text: return .string(text(&rng))
        case .font: return .string(rng.pick(["DejaVu Sans", "DejaVu Sans-BoldOblique", "Helvetica", "No Such Font", "-",
                                             "x.ttf", "/dev/zero", "/", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]))
        case .attributedText:
            guard rng.chance(2) else { return .string(text(&rng)) }
            return .array((0..<rng.below(4)).map { _ in
                rng.chance(4) ? .string(text(&rng)) : .object([
                    .init(key: "text", value: .string(text(&rng))),
                    .init(key: "fontSize", value: number(&rng)),
                    .init(key: "underline", value: .bool(rng.chance(2))),
                    .init(key: "foregroundColor", value: color(&rng)),
                ])
            })
        }
    }

    /// Strings that stress shaping and line breaking: marks alone, controls, right-to-left, CJK, long words.
    static func text(_ rng: inout FuzzRandom) -> String {
        rng.pick(["", "a", "\u{0}", "é\u{301}", String(repeating: "W", count: 300), "/", "\u{301}\u{301}\u{200D}",
                  "مرحبا 12 world", "中文文本\n\n\r\nx", "a\tb\u{2028}c\u{2029}", String(repeating: "ab ", count: 2000),
                  "\u{FEFF}\u{200B}\u{202E}rtl override"])
    }

    static func color(_ rng: inout FuzzRandom) -> FuzzJSON {
        switch rng.below(5) {
        case 0: return .string(rng.pick(["#F00", "#ff000080", "#12345", "red", "clear", "#", "#GGGGGG"]))
        case 1: return numbers(rng.pick([3, 4, 2, 5]), &rng)
        case 2: return .null
        default: return .array((0..<4).map { _ in .number(rng.pick([0, 1, 0.5, 1.000001, -0.000001])) })
        }
    }

    /// A transform: 16 numbers, or a list of steps (translate, scale, rotate, m34, concat), nesting bounded.
    static func transform(_ rng: inout FuzzRandom, depth: Int) -> FuzzJSON {
        if rng.chance(3) {
            var m = (0..<16).map { i -> FuzzJSON in .number(i % 5 == 0 ? 1 : 0) }
            for _ in 0..<1 + rng.below(4) { m[rng.below(16)] = number(&rng) }
            return .array(m)
        }
        let steps = (0..<1 + rng.below(3)).map { _ -> FuzzJSON in
            let key = rng.pick(["translate", "scale", "rotate", "rotateDegrees", "m34", "concat"])
            let v: FuzzJSON
            switch key {
            case "translate", "scale": v = numbers(3, &rng)
            case "rotate", "rotateDegrees": v = numbers(4, &rng)
            case "m34": v = .number(rng.pick([-0.002, -1, 1, -1e-300, -1e7, 0, 1e7]))
            default: v = depth < 3 ? transform(&rng, depth: depth + 1) : numbers(16, &rng)
            }
            return .object([.init(key: key, value: v)])
        }
        return .array(steps)
    }

    /// A path: SVG data with extreme coordinates and arcs, or a rect/ellipse/roundedRect object, or a list.
    static func path(_ rng: inout FuzzRandom) -> FuzzJSON {
        switch rng.below(4) {
        case 0:
            let shape = rng.pick(["rect", "ellipse", "roundedRect"])
            var members: [FuzzJSON.Member] = [.init(key: shape, value: numbers(4, &rng))]
            if shape == "roundedRect" { members.append(.init(key: "radius", value: number(&rng))) }
            return .object(members)
        case 1: return .array([path(&rng), .string(svg(&rng))])
        default: return .string(svg(&rng))
        }
    }

    /// SVG path data: up to a few hundred commands of every kind, absolute and relative.
    static func svg(_ rng: inout FuzzRandom) -> String {
        let arity: [Character: Int] = ["M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0]
        var out = "M0 0"
        for _ in 0..<rng.pick([1, 3, 10, 100, 400]) {
            let letter = rng.pick(Array(arity.keys).sorted())
            out += " " + String(rng.chance(2) ? letter : Character(letter.lowercased()))
            for _ in 0..<(arity[letter] ?? 0) {
                out += " " + FuzzJSON.numberText(rng.chance(3) ? rng.pick(edgeNumbers) : rng.uniform(-500...500).rounded())
            }
        }
        return out
    }

    /// A small layer object with a type, a frame and a few keys.
    static func layer(_ rng: inout FuzzRandom) -> FuzzJSON {
        var members: [FuzzJSON.Member] = [
            .init(key: "frame", value: .array([.number(0), .number(0), .number(rng.pick([1, 10, 100, 1000])),
                                               .number(rng.pick([1, 10, 100, 1000]))])),
            .init(key: "backgroundColor", value: .string("red")),
        ]
        if rng.chance(2) { members.append(.init(key: "type", value: .string(rng.pick(layerTypes)))) }
        for _ in 0..<rng.below(3) {
            let (key, kind) = rng.pick(layerKeys)
            if case .layer = kind { continue }
            if case .layerList = kind { continue }
            members.append(.init(key: key, value: value(kind, &rng)))
        }
        return .object(members)
    }
}
