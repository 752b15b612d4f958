import Foundation
import LaminaCore

/// The human-readable bench output: one row per scene and backend, then the growth tables.
enum BenchReport {
    static let columns: [(String, Int)] = [
        ("scene", 22), ("backend", 7), ("layers", 6), ("passes", 6), ("median ms", 10), ("min ms", 9),
        ("max ms", 9), ("fps", 8), ("plan ms", 8), ("runs", 4), ("rss MB", 7),
    ]

    static var header: String {
        let names = columns.enumerated().map { i, c in i < 2 ? pad(c.0, c.1) : lpad(c.0, c.1) }
        return names.joined(separator: " ") + "\n" + String(repeating: "-", count: columns.reduce(0) { $0 + $1.1 + 1 } - 1)
    }

    static func row(_ r: BenchResult) -> String {
        let cells = [pad(r.scene, 22), pad(r.backend, 7), lpad("\(r.layers)", 6), lpad("\(r.passes)", 6),
                     lpad(f(r.median), 10), lpad(f(r.min), 9), lpad(f(r.max), 9), lpad(f(r.fps, 1), 8),
                     lpad(f(r.planMedian), 8), lpad("\(r.frames.count)", 4), lpad(f(r.peakRSSMegabytes, 0), 7)]
        return cells.joined(separator: " ")
    }

    /// How median frame time grows along each sweep, per backend.
    ///
    /// For the layer sweep: ms per 1000 layers at each point (total / layers), the marginal cost per 1000
    /// layers between consecutive points (which removes fixed per-frame cost such as clearing and
    /// read-back), and the ratio of times against the ratio of layer counts (10x more layers at linear
    /// cost gives about 10x). For the shadow sweep: the same ratio against the radius ratio; blur taps
    /// grow linearly with sigma and the blurred area grows with (size + 6 sigma)^2.
    static func growth(_ results: [BenchResult]) -> String {
        var lines: [String] = []
        let backends = results.map(\.backend).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for backend in backends {
            let layerPoints = results.compactMap { r -> (Double, Double)? in
                guard r.backend == backend, case .layerCount(let n)? = r.sweep else { return nil }
                return (Double(n), r.median)
            }
            if !layerPoints.isEmpty {
                lines.append("")
                lines.append("growth with layer count (\(backend)):")
                lines.append(pad("layers", 8) + lpad("median ms", 11) + lpad("ms/1000 layers", 16)
                             + lpad("marginal ms/1000", 18) + lpad("time ratio", 12) + lpad("layer ratio", 13))
                lines += sweepRows(layerPoints, unit: 1000, label: { "\(Int($0))" })
            }
            let radiusPoints = results.compactMap { r -> (Double, Double)? in
                guard r.backend == backend, case .shadowRadius(let s)? = r.sweep else { return nil }
                return (s, r.median)
            }
            if !radiusPoints.isEmpty {
                lines.append("")
                lines.append("growth with shadow radius, 50 shadowed cards (\(backend)):")
                lines.append(pad("radius", 8) + lpad("median ms", 11) + lpad("ms/radius pt", 16)
                             + lpad("marginal ms/pt", 18) + lpad("time ratio", 12) + lpad("radius ratio", 13))
                lines += sweepRows(radiusPoints, unit: 1, label: { f($0, 0) })
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Rows of a sweep: x, time, time per `unit` of x, marginal time per unit, and ratios to the previous point.
    static func sweepRows(_ points: [(x: Double, ms: Double)], unit: Double, label: (Double) -> String) -> [String] {
        var rows: [String] = []
        for (i, p) in points.enumerated() {
            var row = pad(label(p.x), 8) + lpad(f(p.ms), 11) + lpad(f(p.ms / p.x * unit, 3), 16)
            if i > 0 {
                let q = points[i - 1]
                let marginal = (p.ms - q.ms) / (p.x - q.x) * unit
                row += lpad(f(marginal, 3), 18) + lpad(f(p.ms / q.ms, 2) + "x", 12) + lpad(f(p.x / q.x, 0) + "x", 13)
            } else {
                row += lpad("-", 18) + lpad("-", 12) + lpad("-", 13)
            }
            rows.append(row)
        }
        return rows
    }

    static func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    static func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? " " + s : String(repeating: " ", count: n - s.count) + s }
}
