import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

/// Random custom drawing for the parity fuzzer: a few commands on a plain card (ellipses filled and stroked,
/// a star under either fill rule, a dashed round-capped arc, a rotated fill, a clipped fill between save and
/// restore, nested rect and path clips over overlapping paints with a clear, a linear or radial gradient
/// under a clip, a clear), at contentsScale 1 or the canvas's, so the backing store is magnified or drawn 1:1.
extension RandomScene {
    func drawing(_ rng: inout SplitMix64, w: Double, h: Double, scale: Double) -> String {
        var commands: [String] = []
        for _ in 0..<Int(rng.whole(2, 4)) {
            commands += command(&rng, w: w, h: h)
        }
        let contentsScale = rng.unit() < 0.5 ? 1 : scale
        return "\"contentsScale\": \(n(contentsScale)), \"drawing\": [" + commands.joined(separator: ", ") + "]"
    }

    private func command(_ rng: inout SplitMix64, w: Double, h: Double) -> [String] {
        func rect() -> String {
            let x = rng.uniform(-5, w * 0.6), y = rng.uniform(-5, h * 0.6)
            return "[\(n(x)), \(n(y)), \(n(rng.uniform(4, w * 0.6))), \(n(rng.uniform(4, h * 0.6)))]"
        }
        let fill = "{\"op\": \"setFillColor\", \"color\": \(color(rng.sceneColor(alpha: rng.unit() < 0.3 ? 0.5 : 1)))}"
        let stroke = "{\"op\": \"setStrokeColor\", \"color\": \(color(rng.sceneColor()))}"
        let width = "{\"op\": \"setLineWidth\", \"width\": \(n(rng.uniform(0.5, 8)))}"
        switch Int(rng.whole(0, 8)) {
        case 0: return [fill, "{\"op\": \"fillEllipse\", \"rect\": \(rect())}"]
        case 1: return [stroke, width, "{\"op\": \"strokeEllipse\", \"rect\": \(rect())}"]
        case 2:
            let cx = rng.uniform(0, w), cy = rng.uniform(0, h), r = rng.uniform(8, min(w, h) * 0.6)
            let points = (0..<5).map { k -> String in
                let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                return "[\(n(cx + r * cos(a))), \(n(cy + r * sin(a)))]"
            }
            let rule = rng.unit() < 0.5 ? "nonZero" : "evenOdd"
            return [fill, "{\"op\": \"move\", \"to\": \(points[0])}"]
                + points.dropFirst().map { "{\"op\": \"addLine\", \"to\": \($0)}" }
                + ["{\"op\": \"closePath\"}", "{\"op\": \"fillPath\", \"rule\": \"\(rule)\"}"]
        case 3:
            return [stroke, width, "{\"op\": \"setLineCap\", \"cap\": \"round\"}",
                    "{\"op\": \"setLineDash\", \"phase\": \(n(rng.uniform(0, 4))), \"lengths\": [\(n(rng.whole(2, 10))), \(n(rng.whole(2, 6)))]}",
                    "{\"op\": \"addArc\", \"center\": [\(n(w / 2)), \(n(h / 2))], \"radius\": \(n(rng.uniform(6, min(w, h) / 2))), "
                        + "\"startAngle\": \(n(rng.uniform(0, 3))), \"endAngle\": \(n(rng.uniform(3, 6.2))), \"clockwise\": \(rng.unit() < 0.5)}",
                    "{\"op\": \"strokePath\"}", "{\"op\": \"setLineDash\", \"lengths\": null}"]
        case 4:
            return ["{\"op\": \"saveGState\"}", "{\"op\": \"translateBy\", \"x\": \(n(w / 2)), \"y\": \(n(h / 2))}",
                    "{\"op\": \"rotate\", \"angle\": \(n(rng.uniform(-1.5, 1.5)))}", fill,
                    "{\"op\": \"fill\", \"rect\": [\(n(-w / 4)), \(n(-h / 4)), \(n(w / 2)), \(n(h / 2))]}", "{\"op\": \"restoreGState\"}"]
        case 5:
            return ["{\"op\": \"saveGState\"}", "{\"op\": \"addEllipse\", \"rect\": \(rect())}", "{\"op\": \"clip\"}", fill,
                    "{\"op\": \"fill\", \"rect\": \(rect())}", "{\"op\": \"restoreGState\"}"]
        case 6:
            // Nested clips: a rotated clipToRect (analytic), then an ellipse path clip; a translucent fill and
            // a stroke overlapping it under both, and a clear inside them.
            return ["{\"op\": \"saveGState\"}", "{\"op\": \"translateBy\", \"x\": \(n(w / 2)), \"y\": \(n(h / 2))}",
                    "{\"op\": \"rotate\", \"angle\": \(n(rng.uniform(-0.8, 0.8)))}",
                    "{\"op\": \"clipToRect\", \"rect\": [\(n(-w * 0.4)), \(n(-h * 0.3)), \(n(w * 0.8)), \(n(h * 0.6))]}",
                    "{\"op\": \"addEllipse\", \"rect\": [\(n(-w * 0.3)), \(n(-h * 0.45)), \(n(w * 0.6)), \(n(h * 0.9))]}",
                    "{\"op\": \"clip\", \"rule\": \"evenOdd\"}", fill,
                    "{\"op\": \"setAlpha\", \"alpha\": \(n(rng.uniform(0.4, 1)))}",
                    "{\"op\": \"fill\", \"rect\": [\(n(-w / 2)), \(n(-h / 2)), \(n(w)), \(n(h * 0.6))]}", stroke, width,
                    "{\"op\": \"strokeEllipse\", \"rect\": [\(n(-w * 0.35)), \(n(-h * 0.2)), \(n(w * 0.5)), \(n(h * 0.5))]}",
                    "{\"op\": \"clear\", \"rect\": [\(n(-w * 0.1)), \(n(-h * 0.1)), \(n(w * 0.2)), \(n(h * 0.2))]}",
                    "{\"op\": \"restoreGState\"}"]
        case 7:
            // A gradient under an ellipse clip: linear or radial, its ends drawn past or not.
            let colors = "[\(color(rng.sceneColor())), \(color(rng.sceneColor(alpha: rng.unit() < 0.3 ? 0.5 : 1)))]"
            let options = rng.unit() < 0.5 ? "[\"drawsBeforeStartLocation\", \"drawsAfterEndLocation\"]" : "[]"
            let paint = rng.unit() < 0.5
                ? "{\"op\": \"drawLinearGradient\", \"colors\": \(colors), \"start\": [\(n(w * 0.2)), \(n(h * 0.3))], "
                    + "\"end\": [\(n(w * 0.8)), \(n(h * 0.6))], \"options\": \(options)}"
                : "{\"op\": \"drawRadialGradient\", \"colors\": \(colors), \"startCenter\": [\(n(w / 2)), \(n(h / 2))], "
                    + "\"startRadius\": \(n(rng.uniform(0, 6))), \"endCenter\": [\(n(w / 2)), \(n(h / 2))], "
                    + "\"endRadius\": \(n(rng.uniform(8, min(w, h) / 2))), \"options\": \(options)}"
            return ["{\"op\": \"saveGState\"}", "{\"op\": \"addEllipse\", \"rect\": \(rect())}", "{\"op\": \"clip\"}",
                    paint, "{\"op\": \"restoreGState\"}"]
        default:
            return ["{\"op\": \"clear\", \"rect\": \(rect())}"]
        }
    }
}
