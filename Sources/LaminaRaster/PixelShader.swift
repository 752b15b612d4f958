import Foundation
import LaminaCore

/// What the row loop (`PreparedOp.scan`) asks of an operation at a pixel that takes the general path: its
/// coverage and its colour.
///
/// The loop is generic over the shader, so each kind gets a specialized loop with the shader inlined
/// instead of two closure calls per pixel. `x` and `row` let a shader skip evaluating what the row's
/// exact spans already decide.
protocol PixelShader {
    func coverage(_ s: Projection.Sample, x: Int, row: RowSpans) -> Double
    func color(_ s: Projection.Sample) -> SIMD4<Double>
}

/// A fill: the shape's coverage, one colour.
struct FillShader: PixelShader {
    let shape: RoundedRect
    let edgeAA: EdgeMask
    let paint: SIMD4<Double>

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, row: RowSpans) -> Double {
        Coverage.of(shape, at: s, edgeAA: edgeAA)
    }

    @inline(__always)
    func color(_ s: Projection.Sample) -> SIMD4<Double> { paint }
}

/// A fill whose coverage goes through the band's `CoverageMemo`.
struct MemoFillShader: PixelShader {
    let memo: CoverageMemo
    let shape: CoverageMemo.Geometry
    let edgeAA: EdgeMask
    let paint: SIMD4<Double>

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, row: RowSpans) -> Double {
        memo.coverage(shape, shape: 0, at: s, x: x, edgeAA: edgeAA)
    }

    @inline(__always)
    func color(_ s: Projection.Sample) -> SIMD4<Double> { paint }
}

/// A border: `Coverage.border` of the outer shape and its inner edge, one colour.
struct BorderShader: PixelShader {
    let shape: RoundedRect
    let inner: RoundedRect?
    let paint: SIMD4<Double>

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, row: RowSpans) -> Double {
        Coverage.border(shape, inner: inner, at: s)
    }

    @inline(__always)
    func color(_ s: Projection.Sample) -> SIMD4<Double> { paint }
}

/// A border whose coverages go through the band's `CoverageMemo`, evaluating only one of the two shapes
/// where the row's spans make the other's coverage known exactly.
struct MemoBorderShader: PixelShader {
    let memo: CoverageMemo
    let outer: CoverageMemo.Geometry
    let inner: CoverageMemo.Geometry?
    let paint: SIMD4<Double>
    /// `EdgeMask.all`, read once (a global's every read checks its lazy initialisation).
    let all: EdgeMask

    /// `Coverage.border`: clamp01(cOuter - cInner), or cOuter without an inner edge. Outside the inner
    /// shape's live columns cInner is exactly 0 and clamp01(cOuter - 0) is cOuter; in the outer shape's
    /// exactly-one columns the ring is clamp01(1 - cInner).
    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, row: RowSpans) -> Double {
        guard let inner, row.innerLive.contains(x) else {
            return memo.coverage(outer, shape: 0, at: s, x: x, edgeAA: all)
        }
        let cInner = memo.coverage(inner, shape: 1, at: s, x: x, edgeAA: all)
        if row.outerOne.contains(x) { return Coverage.clamp01(1 - cInner) }
        return Coverage.clamp01(memo.coverage(outer, shape: 0, at: s, x: x, edgeAA: all) - cInner)
    }

    @inline(__always)
    func color(_ s: Projection.Sample) -> SIMD4<Double> { paint }
}

/// A texture draw: the destination rect's coverage, the sampled (tinted, masked) texel colour.
struct TextureShader: PixelShader {
    let texture: PreparedOp.PreparedTexture
    let rect: CGRect
    let edgeAA: EdgeMask
    let tint: SIMD4<Double>

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, row: RowSpans) -> Double {
        Coverage.rect(rect, at: s, edgeAA: edgeAA)
    }

    @inline(__always)
    func color(_ s: Projection.Sample) -> SIMD4<Double> { texture.shade(s) * tint }
}
