import Foundation
import LaminaGraph

extension PreparedOp {
    /// Draws a trilinear `LinearGrid` between two levels: per pixel each level's bilinear sample as `Rows`
    /// reads it (zero where its four texels are), mixed as `TextureSampler.sample` mixes them,
    /// `a * (1 - f) + b * f`, then the colour, coverage and clips as `Rows.general` applies them (`LinearGrid.blend`), so every
    /// byte is the reference's. A pixel whose eight texels are all zero adds nothing and is skipped.
    func runMixedGrid(_ g: LinearGrid, _ next: LinearGrid.Next, _ t: PreparedTexture, _ ys: Range<Int>,
                      _ target: BlendTarget, tint: SIMD4<Double>, hidden: Hidden) {
        let upper = t.sampler.levels[g.level], lower = t.sampler.levels[next.level]
        let mix = MixedRows(tintColor: t.draw.tint.map { SIMD4($0.r, $0.g, $0.b, $0.a) }, opacity: t.draw.opacity,
                            tint: tint, weight: next.weight, x0: bounds.x0)
        g.columns.withUnsafeBufferPointer { columnsA in
            next.columns.withUnsafeBufferPointer { columnsB in
                upper.pixels.withUnsafeBytes { texelsA in
                    lower.pixels.withUnsafeBytes { texelsB in
                        guard let ca = columnsA.baseAddress, let cb = columnsB.baseAddress,
                              let ta = texelsA.baseAddress, let tb = texelsB.baseAddress else { return }
                        let a = LinearGrid.Rows(texels: ta, stride: upper.width * 4, columns: ca, x0: bounds.x0)
                        let b = LinearGrid.Rows(texels: tb, stride: lower.width * 4, columns: cb, x0: bounds.x0)
                        for y in ys {
                            let rowA = g.rows[y - bounds.y0], rowB = next.rows[y - bounds.y0]
                            guard rowA.coverage > 0 else { continue }
                            hidden.forEachVisibleRun(bounds.x0..<bounds.x1, y: y) { xs in
                                mix.draw(xs, y: y, a, rowA, b, rowB, target, op: self)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The row loop of `runMixedGrid`.
private struct MixedRows {
    let tintColor: SIMD4<Double>?
    let opacity: Double
    let tint: SIMD4<Double>
    /// The second level's weight.
    let weight: Double
    let x0: Int

    @inline(__always)
    func draw(_ xs: Range<Int>, y: Int, _ a: LinearGrid.Rows, _ rowA: LinearGrid.Line, _ b: LinearGrid.Rows,
              _ rowB: LinearGrid.Line, _ target: BlendTarget, op: PreparedOp) {
        let topA = a.texels + Int(rowA.first) &* a.stride, bottomA = a.texels + Int(rowA.second) &* a.stride
        let topB = b.texels + Int(rowB.first) &* b.stride, bottomB = b.texels + Int(rowB.second) &* b.stride
        let wa = rowA.weight, rwa = 1 - wa, wb = rowB.weight, rwb = 1 - wb
        let f = weight, rf = 1 - weight
        for x in xs {
            let ca = a.columns[x &- x0]
            let cov = ca.coverage * rowA.coverage
            guard cov > 0 else { continue }
            let sa = a.sample(ca, top: topA, bottom: bottomA, b: wa, rb: rwa)
            let sb = b.sample(b.columns[x &- x0], top: topB, bottom: bottomB, b: wb, rb: rwb)
            guard sa != nil || sb != nil else { continue }
            // A level whose four texels are zero samples exactly zero in the reference too.
            let sample = (sa ?? .zero) * rf + (sb ?? .zero) * f
            LinearGrid.blend(sample, coverage: cov, x: x, y: y, target, op: op, tintColor: tintColor,
                             opacity: opacity, tint: tint)
        }
    }
}
