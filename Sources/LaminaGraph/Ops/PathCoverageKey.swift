import Foundation
import LaminaGeometry

/// What decides a path fill's coverage: its polylines (unprojected), their map to pixels, the fill rule and
/// the op's bounds. Both renderers keep coverage work between frames under it (the GPU its coverage rows or
/// trapezoid records, the CPU its rows of runs): a fill drawn again with an equal key (every unchanged path
/// of an animation's next frame, every frame of `lamina bench`) takes what its first frame computed, and the
/// bytes drawn are the same with and without it.
///
/// The hash takes every polyline's length and first point, and a few points of the first and last ones (the
/// ends, a quarter, a half and three quarters of the way: a path animated between fixed ends still hashes
/// apart), not every point: a frame's lookups cost the fills' lines, not their vertices. Keys that still
/// share a hash are few in any cache that keeps them (`ByteBoundedCache`'s `keysPerHash`), so crafted paths
/// alike in all but unsampled points cannot make lookups quadratic. Equality still compares every point, and
/// costs nothing when both keys hold the same array (a stroke's outlines kept by the planner, a layer tree planned again):
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
        withUnsafeBytes(of: transform) { hasher.combine(bytes: $0) }
        hasher.combine(rule)
        hasher.combine(bounds)
        hasher.combine(lines.count)
        // Every line's length and first point: paths that differ in a middle subpath hash apart.
        for line in lines {
            hasher.combine(line.points.count)
            if let p = line.points.first {
                hasher.combine(Double(p.x))
                hasher.combine(Double(p.y))
            }
        }
        for line in [lines.first, lines.last] {
            guard let line, !line.points.isEmpty else { continue }
            let n = line.points.count
            var last = -1
            for i in [0, n / 4, n / 2, 3 * n / 4, n - 1] where i != last {
                hasher.combine(Double(line.points[i].x))
                hasher.combine(Double(line.points[i].y))
                last = i
            }
        }
    }

    /// Equal keys: the cheap parts first, the map bit for bit (a map holding a NaN still equals itself, so
    /// such a key is found and dropped like any other), then every point.
    public static func == (a: PathCoverageKey, b: PathCoverageKey) -> Bool {
        guard a.bounds == b.bounds, a.rule == b.rule else { return false }
        return a.transform.hasSameBits(as: b.transform) && a.lines == b.lines
    }

    /// The key's own bytes (its points), counted with the value kept under it.
    public var bytes: Int { 64 + Polyline.bytes(of: lines) }

    /// Keys of one hash value a cache keeps at most (`ByteBoundedCache`'s `keysPerHash`): the hash samples
    /// the points.
    public static let keptPerHash = 8
}
