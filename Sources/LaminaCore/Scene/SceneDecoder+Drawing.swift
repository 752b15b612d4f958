import Foundation
import LaminaGeometry

/// The `drawing` key (any layer type): a list of command objects, each `{"op": name, ...arguments}`, named and
/// shaped after `DrawingContext`'s (CGContext's) methods, decoded into `DrawingCommand`s. Every argument is
/// checked here, at its pointer (`/layers/0/drawing/3/width`); an unknown op or key gets the nearest name.
extension SceneReader {
    /// Most commands one layer's drawing takes: playback is linear in them, and a typo should not ask for more.
    static let maxDrawingCommands = 100_000

    /// Each op's argument keys, in the order the README lists them; `required` are the ones without a default.
    static let drawingOps: [(op: String, keys: [String], required: [String])] = [
        ("setFillColor", ["color"], ["color"]), ("setStrokeColor", ["color"], ["color"]),
        ("setLineWidth", ["width"], ["width"]), ("setLineCap", ["cap"], ["cap"]), ("setLineJoin", ["join"], ["join"]),
        ("setMiterLimit", ["limit"], ["limit"]), ("setLineDash", ["phase", "lengths"], ["lengths"]),
        ("setAlpha", ["alpha"], ["alpha"]), ("saveGState", [], []), ("restoreGState", [], []),
        ("translateBy", ["x", "y"], ["x", "y"]), ("scaleBy", ["x", "y"], ["x", "y"]), ("rotate", ["angle"], ["angle"]),
        ("concatenate", ["transform"], ["transform"]),
        ("beginPath", [], []), ("move", ["to"], ["to"]), ("addLine", ["to"], ["to"]),
        ("addCurve", ["to", "control1", "control2"], ["to", "control1", "control2"]),
        ("addQuadCurve", ["to", "control"], ["to", "control"]),
        ("addArc", ["center", "radius", "startAngle", "endAngle", "clockwise"], ["center", "radius", "startAngle", "endAngle"]),
        ("closePath", [], []), ("addRect", ["rect"], ["rect"]), ("addEllipse", ["rect"], ["rect"]),
        ("addRoundedRect", ["rect", "radius"], ["rect", "radius"]), ("addPath", ["path"], ["path"]),
        ("fillPath", ["rule"], []), ("strokePath", [], []), ("drawPath", ["mode"], ["mode"]), ("clip", ["rule"], []),
        ("fill", ["rect"], ["rect"]), ("stroke", ["rect"], ["rect"]), ("fillEllipse", ["rect"], ["rect"]),
        ("strokeEllipse", ["rect"], ["rect"]), ("clear", ["rect"], ["rect"]), ("clipToRect", ["rect"], ["rect"]),
        ("drawImage", ["image", "rect"], ["image", "rect"]),
        ("drawLinearGradient", ["colors", "locations", "start", "end", "options"], ["colors", "start", "end"]),
        ("drawRadialGradient", ["colors", "locations", "startCenter", "startRadius", "endCenter", "endRadius", "options"],
         ["colors", "startCenter", "endCenter", "endRadius"]),
    ]

    /// A layer's `drawing` value: `null` or a list of commands.
    func drawing(_ v: JSONValue, at p: JSONPointer) throws -> [DrawingCommand]? {
        if case .null = v { return nil }
        guard case .array(let items) = v else { throw v.fail(p, expected: "a list of drawing commands, or null") }
        guard items.count <= SceneReader.maxDrawingCommands else {
            throw SceneError(p, "\(items.count) drawing commands; a layer's drawing takes at most \(SceneReader.maxDrawingCommands)")
        }
        // A bad command is noted and left out; the others are still read.
        return try items.enumerated().compactMap { i, item in try attempt { try drawingCommand(item, at: p / i) } }
    }

    private func drawingCommand(_ v: JSONValue, at p: JSONPointer) throws -> DrawingCommand {
        let f = try fields(v, at: p, what: "a drawing command object ({\"op\": ...})")
        guard let opValue = f["op"] else { throw SceneError(p, "a drawing command needs \"op\", the method it calls") }
        let op = try opValue.string(at: p / "op")
        let names = SceneReader.drawingOps.map(\.op)
        guard let entry = SceneReader.drawingOps.first(where: { $0.op == op }) else {
            var message = "unknown drawing op \(Echo.quoted(op))"
            if let near = KeySuggestion.nearest(to: op, in: names) { message += "; did you mean \"\(near)\"?" }
            throw SceneError(p / "op", message + " (the ops are \(names.joined(separator: ", ")))")
        }
        try f.rejectUnknown(["op"] + entry.keys)
        let missing = entry.required.filter { !f.has($0) }
        for key in missing where f.misspelling(of: key, among: ["op"] + entry.keys) == nil {
            try f.refuse(SceneError(p, "\"\(op)\" needs \"\(key)\""))
        }
        if !missing.isEmpty { throw SceneErrorLog.Reported() }
        let arguments = DrawingArguments(fields: f, reader: self)
        if let command = try arguments.state(op) ?? arguments.path(op) ?? arguments.paint(op) { return command }
        throw SceneError(p / "op", "drawing op \(Echo.quoted(op)) is not decoded")
    }
}

/// One command object's arguments, read by kind. Only called once `op` is known and its required keys are there.
private struct DrawingArguments {
    let fields: ObjectFields
    let reader: SceneReader
    var p: JSONPointer { fields.pointer }

    func value(_ key: String) throws -> JSONValue {
        guard let v = fields[key] else { throw SceneError(p, "missing \"\(key)\"") }
        return v
    }
    func number(_ key: String) throws -> Double { try value(key).number(at: p / key) }
    func nonNegative(_ key: String) throws -> Double { try value(key).nonNegative(at: p / key) }
    func point(_ key: String) throws -> CGPoint { try value(key).point(at: p / key) }
    func rect(_ key: String) throws -> CGRect { try value(key).rect(at: p / key) }

    /// `nonZero` (or CGPathFillRule's `winding`) or `evenOdd`; absent is non-zero.
    func rule() throws -> FillRule {
        guard let v = fields["rule"] else { return .nonZero }
        if case .string("winding") = v { return .nonZero }
        return try v.name(FillRule.self, at: p / "rule", what: "fill rule")
    }

    func state(_ op: String) throws -> DrawingCommand? {
        switch op {
        case "setFillColor": return .setFillColor(try value("color").color(at: p / "color"))
        case "setStrokeColor": return .setStrokeColor(try value("color").color(at: p / "color"))
        case "setLineWidth": return .setLineWidth(try nonNegative("width"))
        case "setLineCap": return .setLineCap(try value("cap").name(ShapeLayer.LineCap.self, at: p / "cap", what: "line cap"))
        case "setLineJoin": return .setLineJoin(try value("join").name(ShapeLayer.LineJoin.self, at: p / "join", what: "line join"))
        case "setMiterLimit": return .setMiterLimit(try nonNegative("limit"))
        case "setLineDash": return .setLineDash(phase: try fields["phase"].map { try $0.number(at: p / "phase") } ?? 0,
                                                lengths: try dashLengths())
        case "setAlpha": return .setAlpha(try value("alpha").number(at: p / "alpha", in: 0...1))
        case "saveGState": return .saveGState
        case "restoreGState": return .restoreGState
        case "translateBy": return .translate(x: try number("x"), y: try number("y"))
        case "scaleBy": return .scale(x: try number("x"), y: try number("y"))
        case "rotate": return .rotate(angle: try number("angle"))
        case "concatenate":
            let m = try value("transform").numbers(6, at: p / "transform", shape: "an affine transform [a, b, c, d, tx, ty]")
            return .concatenate(CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]))
        default: return nil
        }
    }

    /// A dash pattern: `null` turns dashing off; a list must be non-empty, each length >= 0, not all zero.
    func dashLengths() throws -> [Double] {
        let v = try value("lengths"), q = p / "lengths"
        if case .null = v { return [] }
        guard case .array(let items) = v else { throw v.fail(q, expected: "a list of dash lengths, or null") }
        guard !items.isEmpty else { throw SceneError(q, "an empty dash pattern; give on/off lengths, or null for a solid line") }
        let lengths = try items.enumerated().map { try $1.nonNegative(at: q / $0) }
        guard lengths.contains(where: { $0 > 0 }) else {
            throw SceneError(q, "every dash length is 0; at least one must be > 0")
        }
        return lengths
    }

    func path(_ op: String) throws -> DrawingCommand? {
        switch op {
        case "beginPath": return .beginPath
        case "move": return .move(to: try point("to"))
        case "addLine": return .addLine(to: try point("to"))
        case "addCurve": return .addCurve(to: try point("to"), control1: try point("control1"), control2: try point("control2"))
        case "addQuadCurve": return .addQuadCurve(to: try point("to"), control: try point("control"))
        case "addArc":
            return .addArc(center: try point("center"), radius: try nonNegative("radius"),
                           startAngle: try number("startAngle"), endAngle: try number("endAngle"),
                           clockwise: try fields["clockwise"].map { try $0.bool(at: p / "clockwise") } ?? false)
        case "closePath": return .closePath
        case "addRect": return .addRect(try rect("rect"))
        case "addEllipse": return .addEllipse(try rect("rect"))
        case "addRoundedRect": return .addRoundedRect(try rect("rect"), radius: try nonNegative("radius"))
        case "addPath":
            guard let path = try reader.optionalPath(try value("path"), at: p / "path") else {
                throw SceneError(p / "path", "expected a path, found null")
            }
            return .addPath(path)
        default: return nil
        }
    }

    func paint(_ op: String) throws -> DrawingCommand? {
        switch op {
        case "fillPath": return .fillPath(try rule())
        case "strokePath": return .strokePath
        case "drawPath": return .drawPath(try value("mode").name(PathDrawingMode.self, at: p / "mode", what: "drawing mode"))
        case "clip": return .clip(try rule())
        case "fill": return .fillRect(try rect("rect"))
        case "stroke": return .strokeRect(try rect("rect"))
        case "fillEllipse": return .fillEllipse(try rect("rect"))
        case "strokeEllipse": return .strokeEllipse(try rect("rect"))
        case "clear": return .clearRect(try rect("rect"))
        case "clipToRect": return .clipToRect(try rect("rect"))
        case "drawImage":
            guard let image = try reader.optionalImage(try value("image"), at: p / "image") else {
                throw SceneError(p / "image", "expected an image reference, found null")
            }
            return .drawImage(DrawnImage(image), in: try rect("rect"))
        case "drawLinearGradient", "drawRadialGradient": return .drawGradient(try gradient(op))
        default: return nil
        }
    }

    /// A gradient command: `colors` (at least one), `locations` (as many, each in 0...1; absent spaces them
    /// evenly), the geometry, and `options` (a list of `drawsBeforeStartLocation`, `drawsAfterEndLocation`).
    func gradient(_ op: String) throws -> DrawnGradient {
        let cv = try value("colors"), cp = p / "colors"
        guard case .array(let items) = cv, !items.isEmpty else { throw cv.fail(cp, expected: "a non-empty list of colors") }
        let colors = try items.enumerated().map { try $1.color(at: cp / $0) }
        var locations: [Double]?
        if let lv = fields["locations"], case .array(let ls) = lv {
            guard ls.count == colors.count else {
                throw SceneError(p / "locations", "\(ls.count) locations for \(colors.count) colors; give one per color")
            }
            locations = try ls.enumerated().map { try $1.number(at: p / "locations" / $0, in: 0...1) }
        } else if let lv = fields["locations"], lv != .null {
            throw lv.fail(p / "locations", expected: "a list of numbers in 0...1, or null")
        }
        var before = false, after = false
        if let ov = fields["options"] {
            guard case .array(let os) = ov else { throw ov.fail(p / "options", expected: "a list of gradient options") }
            for (i, o) in os.enumerated() {
                switch try o.string(at: p / "options" / i) {
                case "drawsBeforeStartLocation": before = true
                case "drawsAfterEndLocation": after = true
                case let other:
                    throw SceneError(p / "options" / i, "unknown gradient option \(Echo.quoted(other)) (the options are drawsBeforeStartLocation, drawsAfterEndLocation)")
                }
            }
        }
        let stops = DrawnGradient.stops(colors, locations)
        if op == "drawLinearGradient" {
            return DrawnGradient(kind: .linear, stops: stops, start: try point("start"), end: try point("end"),
                                 drawsBeforeStart: before, drawsAfterEnd: after)
        }
        return DrawnGradient(kind: .radial, stops: stops, start: try point("startCenter"), end: try point("endCenter"),
                             startRadius: try fields["startRadius"].map { try $0.nonNegative(at: p / "startRadius") } ?? 0,
                             endRadius: try nonNegative("endRadius"), drawsBeforeStart: before, drawsAfterEnd: after)
    }
}
