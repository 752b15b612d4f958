import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

/// Bench scenes of CAShapeLayer: a stroke-heavy screen and a fill-heavy one (issue 19), exported for Skia
/// like the rest of the suite (`tools/skia_bench.sh --compare`).
extension BenchScenes {
    /// `count` stroked cubic curves, 2 to 20 points wide, every cap and join, every other one dashed: the
    /// stroker, the dasher and path coverage of thick outlines.
    public static func strokes(count: Int) -> BenchScene {
        BenchScene(name: "strokes-\(count)", summary: "\(count) stroked cubic curves, 2 to 20 wide, half dashed",
                   layerCount: count) { scene, rng in
            let caps: [ShapeLayer.LineCap] = [.butt, .round, .square]
            let joins: [ShapeLayer.LineJoin] = [.miter, .round, .bevel]
            for i in 0..<count {
                let w = rng.whole(80, 240), h = rng.whole(60, 180)
                let shape = ShapeLayer()
                shape.name = "stroke\(i)"
                shape.frame = CGRect(x: rng.whole(0, 1920 - Int(w)), y: rng.whole(0, 1080 - Int(h)), width: w, height: h)
                var path = Path()
                path.move(to: CGPoint(x: rng.unit() * w, y: rng.unit() * h))
                for _ in 0..<2 {
                    path.curve(to: CGPoint(x: rng.unit() * w, y: rng.unit() * h),
                               control1: CGPoint(x: rng.unit() * w, y: rng.unit() * h),
                               control2: CGPoint(x: rng.unit() * w, y: rng.unit() * h))
                }
                shape.pathValue = path
                shape.fillColor = nil
                shape.strokeColor = rng.color8(alpha: i % 4 == 0 ? 0.6 : 1)
                shape.lineWidth = rng.whole(2, 20)
                shape.lineCap = caps[i % 3]
                shape.lineJoin = joins[(i / 3) % 3]
                if i % 2 == 1 { shape.lineDashPatternValue = [shape.lineWidth * 2, shape.lineWidth * 1.5] }
                scene.root.addSublayer(shape)
            }
        }
    }

    /// `count` filled shapes: stars of 5, 7 or 9 points (every third a self-intersecting {n/2} star, even-odd) and closed
    /// cubic blobs, translucent or opaque: path coverage of large interiors.
    public static func shapeFills(count: Int) -> BenchScene {
        BenchScene(name: "shape-fills-\(count)", summary: "\(count) filled stars and blobs, some even-odd",
                   layerCount: count) { scene, rng in
            for i in 0..<count {
                let side = rng.whole(60, 200)
                let shape = ShapeLayer()
                shape.name = "fill\(i)"
                shape.frame = CGRect(x: rng.whole(0, 1920 - Int(side)), y: rng.whole(0, 1080 - Int(side)),
                                     width: side, height: side)
                let points = 5 + 2 * (i % 3)
                shape.pathValue = i % 2 == 0 ? star(points: points, side: side, crossing: i % 3 == 0)
                    : blob(side: side, &rng)
                shape.fillRule = i % 3 == 0 ? .evenOdd : .nonZero
                shape.fillColor = rng.color8(alpha: i % 4 == 0 ? 0.7 : 1)
                scene.root.addSublayer(shape)
            }
        }
    }

    /// A star in a `side` square: alternate outer and inner points, or (crossing, odd `n`) every second outer
    /// point joined, the self-intersecting pentagram kind.
    static func star(points n: Int, side: Double, crossing: Bool) -> Path {
        let c = side / 2
        var path = Path()
        let count = crossing ? n : 2 * n
        for k in 0..<count {
            let step = crossing ? Double(k * 2 % n) / Double(n) : Double(k) / Double(2 * n)
            let r = crossing || k % 2 == 0 ? c : c * 0.45
            let a = 2 * Double.pi * step - Double.pi / 2
            let p = CGPoint(x: c + r * cos(a), y: c + r * sin(a))
            if k == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.closeSubpath()
        return path
    }

    /// A closed blob of four cubic arcs with random radii around a `side` square's centre.
    static func blob(side: Double, _ rng: inout SplitMix64) -> Path {
        let c = side / 2
        let radii = (0..<4).map { _ in c * (0.6 + 0.4 * rng.unit()) }
        func point(_ k: Int) -> CGPoint {
            let a = Double(k) * Double.pi / 2
            return CGPoint(x: c + radii[k % 4] * cos(a), y: c + radii[k % 4] * sin(a))
        }
        var path = Path()
        path.move(to: point(0))
        for k in 0..<4 {
            let p0 = point(k), p1 = point(k + 1)
            let a0 = Double(k) * Double.pi / 2, a1 = a0 + Double.pi / 2
            let h0 = radii[k % 4] * 0.55, h1 = radii[(k + 1) % 4] * 0.55
            path.curve(to: p1, control1: CGPoint(x: p0.x - h0 * sin(a0), y: p0.y + h0 * cos(a0)),
                       control2: CGPoint(x: p1.x + h1 * sin(a1), y: p1.y - h1 * cos(a1)))
        }
        path.closeSubpath()
        return path
    }
}
