import LaminaGeometry
import LaminaGraph

/// Path coverage kept between frames (`CPUFastPaths.keptPaths`): a fill drawn again with the same
/// polylines, map to pixels, rule, bounds (`PathCoverageKey`, under which the GPU keeps its coverage work
/// too) and edge mode takes the rows its first frame rasterized. The rows are a function of that key alone,
/// so the bytes drawn are the same with and without it; what a warm frame of unchanged shapes (an
/// animation's next frame, `lamina bench`) pays for a path is its compositing.
///
/// Bounded like the renderer's other kept work: 64 MiB, least recently used first out, rows over a quarter
/// of it not kept (`ByteBoundedCache`). Rows weigh their runs and the values of their edge pixels, so a
/// fill's weight grows with its outline, not its area. Thread-safe: operations are prepared on every core.
final class KeptPathRows: Sendable {
    struct Key: Hashable, Sendable {
        let path: PathCoverageKey
        /// A hard-edged fill's rows hold 0 or 1 where an antialiased one holds areas.
        let antialiased: Bool
    }

    private struct Entry {
        let rows: PathRows
        let keyBytes: Int
    }

    static let capacityBytes = 64 << 20

    private let cache = ByteBoundedCache<Key, Entry>(capacityBytes: capacityBytes,
                                                     keysPerHash: PathCoverageKey.keptPerHash) {
        $0.rows.bytes + $0.keyBytes
    }

    /// The rows of `fill` drawn through `transform` over `bounds`: kept ones, or rasterized and kept.
    func rows(_ fill: PathShape, transform: Transform3D, bounds: PixelRect) -> PathRows {
        let key = KeptPathRows.key(fill, transform, bounds)
        return cache.value(for: key) {
            Entry(rows: CPUPathCoverage.rasterize(fill, transform: transform, bounds: bounds), keyBytes: key.path.bytes)
        }.rows
    }

    /// Whether rows are kept for `fill` drawn so (tests).
    func contains(_ fill: PathShape, transform: Transform3D, bounds: PixelRect) -> Bool {
        cache.contains(KeptPathRows.key(fill, transform, bounds))
    }

    private static func key(_ fill: PathShape, _ transform: Transform3D, _ bounds: PixelRect) -> Key {
        Key(path: PathCoverageKey(lines: fill.polylines, transform: transform, rule: fill.rule, bounds: bounds),
            antialiased: fill.antialiased)
    }
}
