import Foundation

/// A run of a row's coverage: `count` pixels from column `x0` of the clip (0 is the clip's left edge),
/// each with the coverage `constant`, or, when it is nil, with its own value in the row's buffer.
public struct CoverageRun: Sendable, Equatable {
    public var x0: Int
    public var count: Int
    public var constant: Float?

    public init(x0: Int, count: Int, constant: Float?) {
        self.x0 = x0; self.count = count; self.constant = constant
    }
}

/// Rows as runs: only the cells an edge touched are summed one by one; between them the coverage is one
/// value (the winding of an edge-free stretch of the row), handed out as a constant run without touching
/// its pixels: a fill's interior costs its edges, not its area. The values are those of the dense rows to
/// the bit (a stretch no edge touched adds exact zeros to the running sum).
extension PathRasterizer {
    /// Cells `lo...hi` of `delta` that the row's edges wrote.
    struct Touched {
        var lo: Int, hi: Int
    }

    /// Rasterizes as `rasterize` does, calling `body` per row with coverage with the row's runs (in order,
    /// disjoint, zero-coverage stretches left out) and the row's values (indexed by column from the clip's
    /// left edge; only the pixels of value runs are meaningful). Both buffers are valid during the call.
    public mutating func rasterizeRuns(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                                       row body: (_ y: Int, _ runs: UnsafeBufferPointer<CoverageRun>,
                                                  _ values: UnsafeBufferPointer<Float>) -> Void) {
        sweep(polylines, rule: rule, clip: clip) { rasterizer, y, repeated in
            let resolved = repeated ? rasterizer.lastResolved : rasterizer.resolveRow(fillsGaps: false)
            guard let resolved, resolved.any else { return }
            rasterizer.runs.withUnsafeBufferPointer { runs in
                rasterizer.row.withUnsafeBufferPointer { values in body(y, runs, values) }
            }
        }
    }

    /// Turns the difference buffer into coverage for the touched span, hands it out and clears it.
    /// A `repeated` row hands out the last row's coverage again (`repeatedRows`).
    mutating func emitRow(y: Int, clipX0: Int, repeated: Bool = false,
                          body: (_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        guard let (low, high, any) = repeated ? lastResolved : resolveRow(fillsGaps: true), any, high > low else { return }
        row.withUnsafeBufferPointer { buffer in
            body(y, clipX0 + low, UnsafeBufferPointer(rebasing: buffer[low..<high]))
        }
    }

    /// Records that an edge wrote cells `lo...hi` of `delta`, joined to the last record when they meet.
    @inline(__always)
    mutating func touch(_ lo: Int, _ hi: Int) {
        if let last = touched.last, lo <= last.hi + 1, hi + 1 >= last.lo {
            touched[touched.count - 1] = Touched(lo: min(last.lo, lo), hi: max(last.hi, hi))
            return
        }
        touched.append(Touched(lo: lo, hi: hi))
    }

    /// A running sum as a pixel's coverage: clamped to 0...1, in single precision, noise below 1e-7 as 0.
    @inline(__always)
    static func value(_ sum: Double) -> Float {
        let c = Float(min(max(sum, 0), 1))
        return c < 1e-7 ? 0 : c
    }

    /// Resolves the row: `runs` (values summed into `row` over the touched cells, constants between them,
    /// written into `row` too when `fillsGaps`), `delta` cleared. Returns the span of pixels the edges reach,
    /// from the first touched cell up to the last one (excluded: right of every edge, it is empty), and
    /// whether any pixel has coverage; nil when no edge wrote the row.
    mutating func resolveRow(fillsGaps: Bool) -> (low: Int, high: Int, any: Bool)? {
        lastResolved = nil
        guard !touched.isEmpty else { return nil }
        let count = mergeTouched()
        let low = touched[0].lo, high = min(touched[count - 1].hi, width)
        runs.removeAll(keepingCapacity: true)
        var any = false, sum = 0.0, x = low
        let intervals = touched
        delta.withUnsafeMutableBufferPointer { deltas in
        row.withUnsafeMutableBufferPointer { rows in
            // `delta` holds width + 2 cells and every touched cell is below it; `row` holds width values.
            guard let delta = deltas.baseAddress, let row = rows.baseAddress else { return }
            for k in 0..<count {
                let a = intervals[k].lo, b = intervals[k].hi
                let gapEnd = min(a, high)
                if gapEnd > x {
                    let c = PathRasterizer.value(sum)
                    if c > 0 { runs.append(CoverageRun(x0: x, count: gapEnd - x, constant: c)); any = true }
                    if fillsGaps { (row + x).update(repeating: c, count: gapEnd - x) }
                }
                let valueEnd = min(b + 1, high)
                if valueEnd > a {
                    for i in a..<valueEnd {
                        sum += delta[i]
                        delta[i] = 0
                        let c = PathRasterizer.value(sum)
                        row[i] = c
                        any = any || c > 0
                    }
                    runs.append(CoverageRun(x0: a, count: valueEnd - a, constant: nil))
                }
                var rest = max(a, valueEnd)
                while rest <= b {
                    delta[rest] = 0
                    rest += 1
                }
                x = max(x, valueEnd)
            }
        }
        }
        touched.removeAll(keepingCapacity: true)
        lastResolved = (low, high, any)
        return (low, high, any)
    }

    /// Sorts the touched records and joins those that overlap or meet; returns how many are left (at the
    /// front of `touched`).
    private mutating func mergeTouched() -> Int {
        touched.sortNearlySorted { Double($0.lo) }
        var merged = 0
        for k in touched.indices.dropFirst() {
            let t = touched[k]
            if t.lo <= touched[merged].hi + 1 {
                touched[merged].hi = max(touched[merged].hi, t.hi)
            } else {
                merged += 1
                touched[merged] = t
            }
        }
        return merged + 1
    }
}
