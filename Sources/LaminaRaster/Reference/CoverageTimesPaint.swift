import Foundation
import LaminaGeometry
import LaminaGraph

// The reference's per-pixel definition of a draw: at each pixel centre the operation's local point
// (`PixelSampler.local`), its shape's coverage (`ShapeCoverage`) times the clips' coverages, times its
// paint's colour (`PaintColor`), blended source-over (`Paint.cover`, `BlendTarget.blend`). `SampledRows`
// is that loop over a run of pixels, generic over the shape and the paint (`ShapeShader`), so each pair
// gets a specialised loop without a case per pair. The fast paths (FastPaths/) compute the same bytes
// with less work where a shape allows it.

/// A constant colour and the patterns it stores without blending.
struct Paint {
    let color: SIMD4<Double>
    /// What a solid run of an opaque colour (alpha >= 1) stores, as `fillConstant` always did.
    let solidPattern: UInt32?
    /// What a general pixel of coverage exactly 1 stores: the same bytes as its blend only when alpha is
    /// exactly 1 (`1 - alpha` is then 0, so the destination drops out).
    let coverOnePattern: UInt32?

    init(_ c: SIMD4<Double>) {
        color = c
        solidPattern = c.w >= 1 ? Blend.opaquePattern(c) : nil
        coverOnePattern = c.w == 1 ? solidPattern : nil
    }

    /// Whether a general pixel of coverage 1 gives the bytes of a solid run: always, but for an alpha
    /// above 1, which a solid run stores as opaque while a blend would subtract.
    var coverOneIsFill: Bool { !(color.w > 1) }

    @inline(__always)
    func fill(_ xs: Range<Int>, y: Int, _ target: BlendTarget) {
        if let pattern = solidPattern { target.store(pattern, xs: xs, y: y) } else { target.blend(color, xs: xs, y: y) }
    }

    /// The pixel (x, y) at coverage `cov` (nothing at 0).
    @inline(__always)
    func cover(_ cov: Double, x: Int, y: Int, _ target: BlendTarget) {
        if cov == 1, let pattern = coverOnePattern {
            target.store(pattern, xs: x..<x + 1, y: y)
        } else if cov > 0 {
            target.blend(color * cov, x: x, y: y)
        }
    }
}

/// Coverage and colour of an operation at a sample.
protocol PixelShader {
    func coverage(_ s: Projection.Sample, x: Int, y: Int, row: RowSpans) -> Double
    func color(_ s: Projection.Sample, x: Int, y: Int) -> SIMD4<Double>
    /// `PaintColor.solidRun`.
    func solidRun(_ xs: Range<Int>, y: Int, py: Double, sampler: PixelSampler, target: BlendTarget) -> Bool
}

/// Rows of any operation, every general pixel sampled through `PixelSampler.local`.
struct SampledRows<Shader: PixelShader>: RowShader {
    let op: PreparedOp
    let sampler: PixelSampler
    let shader: Shader
    /// The constant colour of fills and borders; nil for textures, whose colour is sampled per pixel.
    let paint: Paint?
    let target: BlendTarget
    /// Whether the clips' exact-one columns may stand for their evaluation (every clip has a projection).
    let clipsExact: Bool

    @inline(__always)
    func general(_ xs: Range<Int>, y: Int, py: Double, row: RowSpans, plain: Bool) {
        // A local copy: the loop's blends write memory, and through `self` the compiler reloaded (and copied)
        // the shader's fields at every pixel (a gradient's evaluator, 15 % of gradient-cards-300 on the CPU).
        let shader = self.shader
        for x in xs {
            let px = Double(x) + 0.5
            guard let sample = sampler.local(px: px, py: py) else { continue }
            var cov = shader.coverage(sample, x: x, y: y, row: row)
            if cov > 0, !op.clips.isEmpty, !(clipsExact && row.clipsOne.contains(x)) { cov *= op.clipCoverage(x: x, y: y) }
            if let paint {
                paint.cover(cov, x: x, y: y, target)
            } else if cov > 0 {
                target.blend(shader.color(sample, x: x, y: y) * cov, x: x, y: y)
            }
        }
    }

    @inline(__always)
    func replay(y: Int, py: Double, row: RowSpans) -> Bool { false }

    @inline(__always)
    func solid(_ xs: Range<Int>, y: Int, py: Double) {
        if let paint {
            paint.fill(xs, y: y, target)
            return
        }
        let shader = self.shader
        if shader.solidRun(xs, y: y, py: py, sampler: sampler, target: target) { return }
        for x in xs {
            guard let sample = sampler.local(px: Double(x) + 0.5, py: py) else { continue }
            let c = shader.color(sample, x: x, y: y)
            // An opaque colour's blend multiplies the destination by exactly 0: its bytes are the colour's.
            if c.w == 1 {
                target.store(Blend.opaquePattern(c), xs: x..<x + 1, y: y)
            } else {
                target.blend(c, x: x, y: y)
            }
        }
    }
}

/// An operation's shader: its shape's coverage times its paint's colour, each a type of its own, so the
/// row loop is specialised per (shape, paint) pair without a case per pair.
struct ShapeShader<Cover: ShapeCoverage, Color: PaintColor>: PixelShader {
    let cover: Cover
    let paint: Color

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, y: Int, row: RowSpans) -> Double { cover.coverage(s, x: x, y: y) }

    @inline(__always)
    func color(_ s: Projection.Sample, x: Int, y: Int) -> SIMD4<Double> { paint.color(s, x: x, y: y) }

    @inline(__always)
    func solidRun(_ xs: Range<Int>, y: Int, py: Double, sampler: PixelSampler, target: BlendTarget) -> Bool {
        paint.solidRun(xs, y: y, py: py, sampler: sampler, target: target)
    }
}

/// The coverage of a shape at a sample of pixel (x, y).
protocol ShapeCoverage {
    func coverage(_ s: Projection.Sample, x: Int, y: Int) -> Double
}

/// The colour of a paint at a sample of pixel (x, y), before coverage.
protocol PaintColor {
    func color(_ s: Projection.Sample, x: Int, y: Int) -> SIMD4<Double>
    /// Draws the run `xs` of row `y` at coverage 1 in a way of its own, with the bytes of sampling each
    /// pixel; false: the caller samples them.
    func solidRun(_ xs: Range<Int>, y: Int, py: Double, sampler: PixelSampler, target: BlendTarget) -> Bool
}

extension PaintColor {
    @inline(__always)
    func solidRun(_ xs: Range<Int>, y: Int, py: Double, sampler: PixelSampler, target: BlendTarget) -> Bool { false }
}

/// A rounded rect's coverage (`Coverage.of`), its hard edges decided by `exact` when given.
struct RoundedCoverage: ShapeCoverage {
    let shape: RoundedRect
    let edgeAA: EdgeMask
    let exact: ExactEdges?
    /// The sampler's axis lengths when its Jacobian is constant (`Coverage.AxisLengths`).
    let axes: Coverage.AxisLengths?

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, y: Int) -> Double {
        Coverage.of(shape, at: s, edgeAA: edgeAA, exact: exact, x: x, y: y, axes: axes)
    }
}

/// A ring's coverage: `Coverage.border` of the outer shape and its inner edge.
struct RingCoverage: ShapeCoverage {
    let shape: RoundedRect
    let inner: RoundedRect?

    @inline(__always)
    func coverage(_ s: Projection.Sample, x: Int, y: Int) -> Double { Coverage.border(shape, inner: inner, at: s) }
}

/// One colour.
struct SolidColor: PaintColor {
    let color: SIMD4<Double>

    @inline(__always)
    func color(_ s: Projection.Sample, x: Int, y: Int) -> SIMD4<Double> { color }
}

/// A gradient's colour at the sample's local point, times the op's modulation.
struct GradientColor: PaintColor {
    let paint: GradientPaint.Evaluator
    /// A conic gradient's seam (`ExactEdges.conicSeam`).
    let seam: ExactEdges?
    let tint: SIMD4<Double>

    @inline(__always)
    func color(_ s: Projection.Sample, x: Int, y: Int) -> SIMD4<Double> {
        paint.color(x: s.qx, y: s.qy, after: seam?.inside(0, i: x, j: y)) * tint
    }

    /// An axial gradient under an affine map whose local y does not change along a row (no rotation or
    /// shear, `g01` zero): the local y and its term of the parameter once per run, then the pixels by
    /// `AxialRun`, whose every byte is the one `color` gives at the pixel.
    @inline(__always)
    func solidRun(_ xs: Range<Int>, y: Int, py: Double, sampler: PixelSampler, target: BlendTarget) -> Bool {
        guard seam == nil, paint.isDefinedAxial, sampler.unitW, sampler.projection.g01 == 0, let first = xs.first
        else { return false }
        let row = sampler.rowTerms(py: py)
        // px * g01 is a zero for every pixel centre, so the run's local y is its first pixel's.
        let v = sampler.localY(px: Double(first) + 0.5, row: row)
        guard v.isFinite else { return false }
        AxialRun(paint: paint, tint: tint, sampler: sampler, row: row, yTerm: paint.axialTerm(y: v), y: y, target: target)
            .draw(xs)
        return true
    }
}

/// A texture's sampled (tinted, masked) colour, times the op's modulation.
struct TextureColor: PaintColor {
    let texture: PreparedOp.PreparedTexture
    let tint: SIMD4<Double>

    @inline(__always)
    func color(_ s: Projection.Sample, x: Int, y: Int) -> SIMD4<Double> { texture.shade(s, x, y) * tint }
}
