import Foundation
import LaminaGeometry
import LaminaGraph

/// Coverage work kept between frames (`RenderOptions.keepsPathCoverage`): a fill drawn again with the same
/// polylines, map to pixels, rule and bounds (every unchanged path of an animation's next frame, every frame
/// of `lamina bench`) takes what its first frame computed: the CPU's coverage rows for the upload method,
/// the trapezoid records for the trapezoid and stencil methods. Both are functions of that key alone
/// (records are relative to the bounds' corner), so the bytes drawn are the same with and without it.
extension PathCoverage {
    /// What decides a fill's coverage work: the op's own polylines (unprojected, so a kept fill is not
    /// projected again), the map, the rule and the bounds.
    ///
    /// The hash takes the polylines' counts and a few of their points (the ends, a quarter, a half and three
    /// quarters of the way: a path animated between fixed ends still hashes apart), not every point: a
    /// frame's lookups cost the fills, not their vertices. Equality still compares every point, and costs nothing when both keys
    /// hold the same array (a stroke's outlines kept by the planner, a layer tree planned again): arrays
    /// sharing storage are equal at once.
    struct KeptKey: Hashable {
        let lines: [Polyline]
        let transform: Transform3D
        let rule: FillRule
        let bounds: PixelRect

        init(_ item: Item) {
            lines = item.fill.polylines
            transform = item.transform
            rule = item.rule
            bounds = item.bounds
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(transform)
            hasher.combine(rule)
            hasher.combine(bounds)
            hasher.combine(lines.count)
            for line in [lines.first, lines.last] {
                guard let line, !line.points.isEmpty else { continue }
                let n = line.points.count
                hasher.combine(n)
                for i in Set([0, n / 4, n / 2, 3 * n / 4, n - 1]).sorted() {
                    hasher.combine(Double(line.points[i].x))
                    hasher.combine(Double(line.points[i].y))
                }
            }
        }

        /// The key's own bytes (its points), counted with the value it keeps.
        var bytes: Int { lines.reduce(64) { $0 + $1.points.count * MemoryLayout<CGPoint>.stride + 32 } }
    }

    /// A fill's coverage rows (upload method; empty for a fill that covers nothing) and the pieces they cut
    /// its quad into (`PathCoverage+Pieces.swift`), or its trapezoid records.
    struct Kept {
        let floats: [Float]
        var pieces: [OpSplitter.Piece] = []
        let keyBytes: Int
    }

    /// The cache's capacity; a fill whose work weighs over a quarter of it is not kept.
    static let keptCapacityBytes = 64 << 20

    static func makeKeptCache() -> ByteBoundedCache<KeptKey, Kept> {
        ByteBoundedCache(capacityBytes: keptCapacityBytes) {
            $0.floats.count * MemoryLayout<Float>.stride + $0.pieces.count * MemoryLayout<OpSplitter.Piece>.stride
                + $0.keyBytes
        }
    }

    /// The upload method's coverage of each item and its pieces: kept ones where there are, the rest
    /// rasterized (over every core, as `rasterize`) and kept; nil for an item that covers nothing.
    func coverages(of items: [Item]) -> [Kept?] {
        func made(_ rows: [Float]?, _ item: Item, keyBytes: Int = 0) -> Kept? {
            rows.map { Kept(floats: $0, pieces: PathCoverage.pieces(of: $0, bounds: item.bounds), keyBytes: keyBytes) }
        }
        guard let kept else { return zip(PathCoverage.rasterize(items), items).map { made($0, $1) } }
        var out = [Kept?](repeating: nil, count: items.count)
        var missing: [Int] = []
        var keys: [KeptKey] = []
        for (k, item) in items.enumerated() {
            let key = KeptKey(item)
            if let found = kept.value(for: key) {
                out[k] = found.floats.isEmpty ? nil : found
            } else {
                missing.append(k)
                keys.append(key)
            }
        }
        let rasterized = PathCoverage.rasterize(missing.map { items[$0] })
        for (j, k) in missing.enumerated() {
            out[k] = made(rasterized[j], items[k], keyBytes: keys[j].bytes)
            kept.keep(out[k] ?? Kept(floats: [], keyBytes: keys[j].bytes), for: keys[j])
        }
        return out
    }

    /// The kept trapezoid records of `item`, if any.
    func keptRecords(_ item: Item) -> [Float]? {
        kept?.value(for: KeptKey(item))?.floats
    }

    /// Keeps `records` (all of `item`'s, made in one round) for `item`.
    func keep(records: ArraySlice<Float>, for item: Item) {
        guard let kept else { return }
        let key = KeptKey(item)
        kept.keep(Kept(floats: Array(records), keyBytes: key.bytes), for: key)
    }
}
