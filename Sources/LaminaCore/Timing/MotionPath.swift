import Foundation
import LaminaGeometry
import LaminaGraph

/// A keyframe animation's `path` (CAKeyframeAnimation.path): the point moves along the path's elements, each
/// element one keyframe segment (its end points are the key values; `keyTimes` time them), or at an even
/// speed along the whole length in the paced modes; with a rotation mode the layer turns to the tangent.
public struct MotionPath: Sendable {
    public enum Rotation: String, Sendable, CaseIterable { case auto, autoReverse }

    /// Each drawn element as a cubic (lines and quadratics raised exactly), in order.
    let segments: [(CGPoint, CGPoint, CGPoint, CGPoint)]
    /// Arc length at each of `samples` + 1 evenly spaced parameters of every segment, cumulative over the path.
    private let lengths: [[Double]]
    private static let samples = 64

    public init(_ path: Path) {
        var segments: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        var current = CGPoint.zero, start = CGPoint.zero
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
            CGPoint(x: Double(a.x) + (Double(b.x) - Double(a.x)) * t, y: Double(a.y) + (Double(b.y) - Double(a.y)) * t)
        }
        for e in path.elements {
            switch e {
            case .move(let p): current = p; start = p
            case .line(let p):
                segments.append((current, lerp(current, p, 1.0 / 3), lerp(current, p, 2.0 / 3), p)); current = p
            case .quad(let c, let p):
                segments.append((current, lerp(current, c, 2.0 / 3), lerp(p, c, 2.0 / 3), p)); current = p
            case .cubic(let c1, let c2, let p): segments.append((current, c1, c2, p)); current = p
            case .close:
                if current != start { segments.append((current, lerp(current, start, 1.0 / 3), lerp(current, start, 2.0 / 3), start)) }
                current = start
            }
        }
        self.segments = segments
        var total = 0.0
        lengths = segments.map { s in
            var out = [total]
            var last = Self.point(s, 0)
            for k in 1...Self.samples {
                let p = Self.point(s, Double(k) / Double(Self.samples))
                total += hypot(Double(p.x) - Double(last.x), Double(p.y) - Double(last.y))
                out.append(total)
                last = p
            }
            return out
        }
    }

    /// Whether the path has anything to move along.
    public var isEmpty: Bool { segments.isEmpty }

    /// The point and the tangent's angle at progress `y`: paced by length, or through the segments at
    /// `keyTimes` (one per segment end, the first at 0) with each segment's timing function.
    func position(at y: Double, paced: Bool, keyTimes: [Double]?, functions: [TimingFunction]?) -> (CGPoint, Double)? {
        guard !segments.isEmpty else { return nil }
        let y = min(1, max(0, y.isFinite ? y : 0))
        let (i, s): (Int, Double)
        if paced {
            (i, s) = locate(length: y * (lengths.last?.last ?? 0))
        } else {
            let n = segments.count
            let times = keyTimes.flatMap { $0.count == n + 1 ? $0 : nil } ?? (0...n).map { Double($0) / Double(n) }
            var k = 0
            while k + 1 < n, y >= times[k + 1] { k += 1 }
            let span = times[k + 1] - times[k]
            var local = span > 0 ? min(1, max(0, (y - times[k]) / span)) : 1
            if let functions, k < functions.count { local = functions[k](local) }
            (i, s) = (k, local)
        }
        let seg = segments[i]
        return (Self.point(seg, s), angle(seg, s))
    }

    /// The segment and parameter at arc length `l`.
    private func locate(length l: Double) -> (Int, Double) {
        for (i, table) in lengths.enumerated() where l <= (table.last ?? 0) || i == lengths.count - 1 {
            for k in 1..<table.count where l <= table[k] || k == table.count - 1 {
                let span = table[k] - table[k - 1]
                let f = span > 0 ? min(1, max(0, (l - table[k - 1]) / span)) : 0
                return (i, (Double(k - 1) + f) / Double(Self.samples))
            }
        }
        return (segments.count - 1, 1)
    }

    private static func point(_ c: (CGPoint, CGPoint, CGPoint, CGPoint), _ t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
        return CGPoint(x: a * Double(c.0.x) + b * Double(c.1.x) + d * Double(c.2.x) + e * Double(c.3.x),
                       y: a * Double(c.0.y) + b * Double(c.1.y) + d * Double(c.2.y) + e * Double(c.3.y))
    }

    /// The direction of travel at `t` (the chord when the derivative vanishes, as at a control point on an end).
    private func angle(_ c: (CGPoint, CGPoint, CGPoint, CGPoint), _ t: Double) -> Double {
        let u = 1 - t
        func d(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
            3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2)
        }
        let dx = d(Double(c.0.x), Double(c.1.x), Double(c.2.x), Double(c.3.x))
        let dy = d(Double(c.0.y), Double(c.1.y), Double(c.2.y), Double(c.3.y))
        if abs(dx) + abs(dy) > 1e-12 { return atan2(dy, dx) }
        return atan2(Double(c.3.y) - Double(c.0.y), Double(c.3.x) - Double(c.0.x))
    }
}
