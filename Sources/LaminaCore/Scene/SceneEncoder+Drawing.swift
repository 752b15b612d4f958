import Foundation
import LaminaImage

/// A layer's drawing written back as the scene's `drawing` commands (`SceneDecoder+Drawing.swift`): a
/// `draw` closure or delegate is recorded first, so an exported scene draws what the tree drew. Images a
/// `drawImage` draws are written as `contents` images are.
extension SceneEncoder {
    func drawingCommand(_ command: DrawingCommand, _ state: inout State) throws -> String {
        var o = JSONObjectText()
        func point(_ p: CGPoint) -> String { "[\(number(p.x)), \(number(p.y))]" }
        func op(_ name: String, _ args: [(String, String)] = []) -> String {
            o["op"] = quoted(name)
            for (key, value) in args { o[key] = value }
            return o.text
        }
        switch command {
        case .setFillColor(let c): return op("setFillColor", [("color", color(c))])
        case .setStrokeColor(let c): return op("setStrokeColor", [("color", color(c))])
        case .setLineWidth(let w): return op("setLineWidth", [("width", number(w))])
        case .setLineCap(let c): return op("setLineCap", [("cap", quoted(c.rawValue))])
        case .setLineJoin(let j): return op("setLineJoin", [("join", quoted(j.rawValue))])
        case .setMiterLimit(let m): return op("setMiterLimit", [("limit", number(m))])
        case .setLineDash(let phase, let lengths):
            let pattern = lengths.isEmpty ? "null" : "[" + lengths.map(number).joined(separator: ", ") + "]"
            return op("setLineDash", [("phase", number(phase)), ("lengths", pattern)])
        case .setAlpha(let a): return op("setAlpha", [("alpha", number(a))])
        case .saveGState: return op("saveGState")
        case .restoreGState: return op("restoreGState")
        case .translate(let x, let y): return op("translateBy", [("x", number(x)), ("y", number(y))])
        case .scale(let x, let y): return op("scaleBy", [("x", number(x)), ("y", number(y))])
        case .rotate(let angle): return op("rotate", [("angle", number(angle))])
        case .concatenate(let m):
            let values = [m.a, m.b, m.c, m.d, m.tx, m.ty].map(number).joined(separator: ", ")
            return op("concatenate", [("transform", "[" + values + "]")])
        default: return try pathCommand(command, point: point, op: op) ?? paintCommand(command, &state, op: op)
        }
    }

    private func pathCommand(_ command: DrawingCommand, point: (CGPoint) -> String,
                             op: (String, [(String, String)]) -> String) -> String? {
        switch command {
        case .beginPath: return op("beginPath", [])
        case .move(let p): return op("move", [("to", point(p))])
        case .addLine(let p): return op("addLine", [("to", point(p))])
        case .addCurve(let p, let c1, let c2):
            return op("addCurve", [("to", point(p)), ("control1", point(c1)), ("control2", point(c2))])
        case .addQuadCurve(let p, let c): return op("addQuadCurve", [("to", point(p)), ("control", point(c))])
        case .addArc(let center, let radius, let start, let end, let clockwise):
            return op("addArc", [("center", point(center)), ("radius", number(radius)), ("startAngle", number(start)),
                                 ("endAngle", number(end)), ("clockwise", clockwise ? "true" : "false")])
        case .closePath: return op("closePath", [])
        case .addRect(let r): return op("addRect", [("rect", rect(r))])
        case .addEllipse(let r): return op("addEllipse", [("rect", rect(r))])
        case .addRoundedRect(let r, let radius): return op("addRoundedRect", [("rect", rect(r)), ("radius", number(radius))])
        case .addPath(let p): return op("addPath", [("path", quoted(svg(p)))])
        default: return nil
        }
    }

    private func paintCommand(_ command: DrawingCommand, _ state: inout State,
                              op: (String, [(String, String)]) -> String) throws -> String {
        switch command {
        case .fillPath(let rule): return op("fillPath", [("rule", quoted(rule.rawValue))])
        case .drawPath(let mode): return op("drawPath", [("mode", quoted(mode.rawValue))])
        case .clip(let rule): return op("clip", [("rule", quoted(rule.rawValue))])
        case .fillRect(let r): return op("fill", [("rect", rect(r))])
        case .strokeRect(let r): return op("stroke", [("rect", rect(r))])
        case .fillEllipse(let r): return op("fillEllipse", [("rect", rect(r))])
        case .strokeEllipse(let r): return op("strokeEllipse", [("rect", rect(r))])
        case .clearRect(let r): return op("clear", [("rect", rect(r))])
        case .clipToRect(let r): return op("clipToRect", [("rect", rect(r))])
        case .drawImage(let image, let r):
            return op("drawImage", [("image", quoted(try state.reference(for: image.bitmap))), ("rect", rect(r))])
        case .drawGradient(let g): return gradientCommand(g, op: op)
        default: return op("strokePath", [])
        }
    }

    private func gradientCommand(_ g: DrawnGradient, op: (String, [(String, String)]) -> String) -> String {
        func point(_ p: CGPoint) -> String { "[\(number(p.x)), \(number(p.y))]" }
        var args = [("colors", "[" + g.stops.map { color($0.color) }.joined(separator: ", ") + "]"),
                    ("locations", "[" + g.stops.map { number($0.location) }.joined(separator: ", ") + "]")]
        var options: [String] = []
        if g.drawsBeforeStart { options.append(quoted("drawsBeforeStartLocation")) }
        if g.drawsAfterEnd { options.append(quoted("drawsAfterEndLocation")) }
        let optionList = ("options", "[" + options.joined(separator: ", ") + "]")
        switch g.kind {
        case .linear:
            args += [("start", point(g.start)), ("end", point(g.end)), optionList]
            return op("drawLinearGradient", args)
        case .radial:
            args += [("startCenter", point(g.start)), ("startRadius", number(g.startRadius)),
                     ("endCenter", point(g.end)), ("endRadius", number(g.endRadius)), optionList]
            return op("drawRadialGradient", args)
        }
    }
}
