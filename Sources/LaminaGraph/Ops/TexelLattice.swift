import Foundation
import LaminaGeometry

/// The texel a nearest-filtered draw reads at each pixel, as integer functions of the pixel, so that both
/// renderers pick the same texel exactly, as `ExactEdges` decides hard edges.
///
/// Why: GL_NEAREST takes texel floor(x + `nearestBias`) of the pixel centre's texel coordinate x. The CPU
/// computes x in double, the GPU in float; where x lands within float error of a texel edge they chose
/// neighbouring texels, a difference of up to 255 on one pixel (about one image in a few hundred drawn at
/// an arbitrary rotation or scale). Under a map without perspective x is an affine function of the pixel,
/// x = A px + B py + C; here it becomes L = a (i - i0) + b (j - j0) + c at pixel (i, j), centre
/// (i + 0.5, j + 0.5), measured from the draw's first pixel (i0, j0), with a = round(A 2^s),
/// b = round(B 2^s) and c = round((x at (i0, j0)'s centre + nearestBias) 2^s); the texel is floor(L / 2^s),
/// which both renderers compute exactly.
///
/// The shift s puts the larger slope in [2^22, 2^23) (23 significant bits, a float's), so rounding moves a
/// pixel's coordinate by at most 2^-23 of the slope for each pixel it lies from the draw's first one, on each
/// term: under 1/256 of a pixel (in texels, that times the texels a pixel spans) across a 16384-pixel draw.
/// |c| stays under 2^37 (s is lowered, not below 14, until it does; a coarser lattice then, as far from the
/// texture as such a coordinate lies), and the slope under 512 texels a pixel; past either bound there is no
/// lattice and the renderers compare coordinates as before.
///
/// The GPU sums L in 32-bit integers by halves (`primitive.frag`'s `latticeAxis`): a = aH 2^14 + aL with aL
/// in [0, 2^14), X = aH i + bH j + cH, Y = aL i + bL j + cL, so floor(L / 2^14) = X + (Y >> 14), and the
/// texel is that shifted right by s - 14. For offsets i - i0, j - j0 under 2^15 nothing overflows:
/// |aH i| < 2^24, |Y| < 2^30.
public struct TexelLattice: Sendable, Equatable {
    /// One axis: the texel index floor((a i + b j + c) / 2^shift).
    public struct Axis: Sendable, Equatable {
        public var a: Int64, b: Int64, c: Int64
        public var shift: Int

        /// The texel index at pixel (i, j), before the clamp to the edge.
        @inline(__always)
        public func index(_ i: Int, _ j: Int) -> Int {
            Int(truncatingIfNeeded: (a &* Int64(i) &+ b &* Int64(j) &+ c) >> Int64(shift))
        }
    }

    public var x: Axis, y: Axis
    /// The draw's first pixel (i0, j0), from which the axes measure.
    public var x0: Int, y0: Int

    /// The texel column and row at pixel (i, j), before the clamp to the edge.
    @inline(__always)
    public func texel(_ i: Int, _ j: Int) -> (x: Int, y: Int) {
        (x.index(i &- x0, j &- y0), y.index(i &- x0, j &- y0))
    }

    /// Added to the texel coordinate before GL_NEAREST's floor, on both renderers: a pixel centre exactly on
    /// a texel edge (a 128-texel image drawn 37 points wide puts the middle column on texel 64.0) then picks
    /// the texel after it whatever a renderer's last bit of precision.
    public static let nearestBias = 1.0 / 512

    static let coefficientBits = 23
    static let constantLimit = 1.0 * Double(1 << 37)
    static let minShift = 14
    static let maxShift = 40

    init?(_ map: FlatMap, draw: TextureDraw, rect: CGRect, width: Int, height: Int, origin: PixelRect) {
        guard width > 0, height > 0, rect.width > 0, rect.height > 0 else { return nil }
        let i0 = Double(origin.x0), j0 = Double(origin.y0)
        let r = draw.sourceRect, w = Double(width), h = Double(height)
        let tx0 = Double(r.minX) * w, ty0 = Double(r.minY) * h
        // x = tx0 + (qx - minX) sx, qx = (px g00 + py g10 + g20) / g22 (and likewise y), as `TexelMap`.
        let sx = Double(r.width) * w / Double(rect.width), sy = Double(r.height) * h / Double(rect.height)
        // The coordinate at the first pixel's corner (i0, j0): the axis then measures from there.
        guard let x = TexelLattice.axis(A: map.dxdpx * sx, B: map.dxdpy * sx,
                                        C: (map.u0 - Double(rect.minX) + map.dxdpx * i0 + map.dxdpy * j0) * sx + tx0),
              let y = TexelLattice.axis(A: map.dydpx * sy, B: map.dydpy * sy,
                                        C: (map.v0 - Double(rect.minY) + map.dydpx * i0 + map.dydpy * j0) * sy + ty0)
        else { return nil }
        self.x = x
        self.y = y
        self.x0 = origin.x0
        self.y0 = origin.y0
    }

    public init(x: Axis, y: Axis, x0: Int = 0, y0: Int = 0) { self.x = x; self.y = y; self.x0 = x0; self.y0 = y0 }

    /// The axis of the texel coordinate A px + B py + C; nil past the bounds above.
    static func axis(A: Double, B: Double, C: Double) -> Axis? {
        let m = max(abs(A), abs(B))
        guard A.isFinite, B.isFinite, C.isFinite else { return nil }
        var shift = m > 0 ? coefficientBits - 1 - Int(m.exponent) : maxShift
        shift = min(shift, maxShift)
        while shift >= minShift {
            let scale = pow(2.0, Double(shift))
            let c = ((C + 0.5 * A + 0.5 * B) + nearestBias) * scale
            if abs(c) < constantLimit {
                return Axis(a: Int64((A * scale).rounded()), b: Int64((B * scale).rounded()), c: Int64(c.rounded()),
                            shift: shift)
            }
            shift -= 1
        }
        return nil
    }

    /// The GPU's texels (`ClipTable.addLattice`): per axis (a, b, c >> 14, c & 0x3FFF), then the two shifts
    /// and the first pixel, each an integer a float holds exactly (pixels are under 2^15).
    public var texels: [Float] {
        [Float(x.a), Float(x.b), Float(x.c >> 14), Float(x.c & 0x3FFF),
         Float(y.a), Float(y.b), Float(y.c >> 14), Float(y.c & 0x3FFF),
         Float(x.shift), Float(y.shift), Float(x0), Float(y0)]
    }
}

extension TexelLattice {
    /// A map without perspective from pixels to local points: q = (px, py) J + (u0, v0), its Jacobian J the
    /// entries `Projection` and `PixelSampler` compute per pixel (g00 / g22 ...), the same doubles.
    struct FlatMap {
        let dxdpx: Double, dxdpy: Double, dydpx: Double, dydpy: Double
        let u0: Double, v0: Double

        init?(_ t: Transform3D) {
            guard t.m14 == 0, t.m24 == 0, t.m44 > 0, let g = PlaneInverse(t), g.g22 != 0, g.g22.isFinite else { return nil }
            dxdpx = g.g00 / g.g22; dxdpy = g.g10 / g.g22
            dydpx = g.g01 / g.g22; dydpy = g.g11 / g.g22
            u0 = g.g20 / g.g22; v0 = g.g21 / g.g22
            guard dxdpx.isFinite, dxdpy.isFinite, dydpx.isFinite, dydpy.isFinite, u0.isFinite, v0.isFinite else {
                return nil
            }
        }
    }
}
