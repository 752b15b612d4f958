import Foundation
import LaminaGeometry

/// What decides a path fill's coverage: its polylines (unprojected), their map to pixels, the fill rule and
/// the op's bounds. Both renderers keep coverage work between frames under it (the GPU its coverage rows or
/// trapezoid records, the CPU its rows of runs): a fill drawn again with an equal key (every unchanged path
/// of an animation's next frame, every frame of `lamina bench`) takes what its first frame computed, and the
/// bytes drawn are the same with and without it.
///
/// The hash takes the polylines' counts and a few of their points (the ends, a quarter, a half and three
/// quarters of the way: a path animated between fixed ends still hashes apart), not every point: a frame's
/// lookups cost the fills, not their vertices. Equality still compares every point, and costs nothing when
/// both keys hold the same array (a stroke's outlines kept by the planner, a layer tree planned again):
/// arrays sharing storage are equal at once.
public struct PathCoverageKey: Hashable, Sendable {
    public let lines: [Polyline]
    public let transform: Transform3D
    public let rule: FillRule
    public let bounds: PixelRect

    public init(lines: [Polyline], transform: Transform3D, rule: FillRule, bounds: PixelRect) {
        self.lines = lines
        self.transform = transform
        self.rule = rule
        self.bounds = bounds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(transform)
        hasher.combine(rule)
        hasher.combine(bounds)
        hasher.combine(lines.count)
        for line in [lines.first, lines.last] {
            guard let line, !line.points.isEmpty else { continue }
            let n = line.points.count
            hasher.combine(n)
            var last = -1
            for i in [0, n / 4, n / 2, 3 * n / 4, n - 1] where i != last {
                hasher.combine(Double(line.points[i].x))
                hasher.combine(Double(line.points[i].y))
                last = i
            }
        }
    }

    /// The key's own bytes (its points), counted with the value kept under it.
    public var bytes: Int { lines.reduce(64) { $0 + $1.points.count * MemoryLayout<CGPoint>.stride + 32 } }
}
