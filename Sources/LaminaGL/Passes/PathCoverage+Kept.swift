import Foundation
import LaminaGeometry
import LaminaGraph

/// Coverage work kept between frames (`RenderOptions.keepsPathCoverage`): a fill drawn again with the same
/// polylines, map to pixels, rule and bounds (`PathCoverageKey`: every unchanged path of an animation's next
/// frame, every frame of `lamina bench`) takes what its first frame computed: the CPU's coverage rows for the upload method,
/// the trapezoid records for the trapezoid and stencil methods. Both are functions of that key alone
/// (records are relative to the bounds' corner), so the bytes drawn are the same with and without it.
extension PathCoverage {
    /// What decides a fill's coverage work (`PathCoverageKey`, which the CPU renderer keeps its rows under too).
    typealias KeptKey = PathCoverageKey

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
        ByteBoundedCache(capacityBytes: keptCapacityBytes, keysPerHash: PathCoverageKey.keptPerHash) {
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

extension PathCoverageKey {
    /// The key of a pass's fill: the op's own polylines (unprojected, so a kept fill is not projected
    /// again), the map, the rule and the bounds.
    init(_ item: PathCoverage.Item) {
        self.init(lines: item.fill.polylines, transform: item.transform, rule: item.rule, bounds: item.bounds)
    }
}
