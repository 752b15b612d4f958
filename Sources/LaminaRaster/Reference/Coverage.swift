import Foundation
import LaminaGraph
import LaminaGeometry

/// Coverage of rects, rounded rects and borders at a pixel centre: the contract both renderers share.
///
/// DESIGN.md fixes the rule: coverage from the signed distance in pixel units, `clamp(0.5 - d, 0, 1)`.
/// Plain rects use it per edge and combine the two edges of each axis as `cL + cR - 1`, which is the exact
/// area of a pixel-wide box filter for axis-aligned edges (thin rects included); edges outside the
/// operation's `EdgeMask` use a hard half-open test so slices sharing an edge cover each pixel once.
/// Rounded rects use the exact rounded-box distance. `common.glsl` mirrors every line of this file.
enum Coverage {
    @inline(__always)
    static func clamp01(_ x: Double) -> Double { x < 0 ? 0 : (x > 1 ? 1 : x) }

    /// Coverage of `shape` at the sample `s`, of pixel (x, y) when `exact` decides the hard edges.
    @inline(__always)
    static func of(_ shape: RoundedRect, at s: Projection.Sample, edgeAA: EdgeMask, exact: ExactEdges? = nil,
                   x: Int = 0, y: Int = 0, axes: AxisLengths? = nil) -> Double {
        shape.isRect ? rect(shape.rect, at: s, edgeAA: edgeAA, exact: exact, x: x, y: y) : rounded(shape, at: s, axes: axes)
    }

    /// Coverage of a plain rect.
    ///
    /// The hard half-open tests use the local point snapped to a 1/4096 grid, as `common.glsl` does: where
    /// an edge passes exactly through pixel centres (a 3/5 shear), double and float rounding would break
    /// the tie differently; snapped, both decide it as exact arithmetic does. Through a rotation or a
    /// projection, `exact` (the op's `ExactEdges`) decides them from the pixel (x, y) instead.
    static func rect(_ r: CGRect, at s: Projection.Sample, edgeAA: EdgeMask, exact: ExactEdges? = nil,
                     x: Int = 0, y: Int = 0) -> Double {
        rectX(r, at: s, edgeAA: edgeAA, exact: exact, x: x, y: y) * rectY(r, at: s, edgeAA: edgeAA, exact: exact, x: x, y: y)
    }

    /// A hard edge's test: the exact edge function of pixel (x, y) when given, else `snapped`.
    @inline(__always)
    static func hard(_ k: Int, _ snapped: Bool, exact: ExactEdges?, x: Int, y: Int) -> Double {
        if let exact { return exact.inside(k, i: x, j: y) ? 1 : 0 }
        return snapped ? 1 : 0
    }

    /// The factor of `rect`'s coverage from its x edges (a function of the local x alone, unless `exact`);
    /// `axes`, when the map's Jacobian is constant, stands for the pixel length of the edges' normal.
    @inline(__always)
    static func rectX(_ r: CGRect, at s: Projection.Sample, edgeAA: EdgeMask, exact: ExactEdges? = nil,
                      x: Int = 0, y: Int = 0, axes: AxisLengths? = nil) -> Double {
        let minX = Double(r.minX), maxX = Double(r.maxX)
        // The local x snapped to 1/4096 of a unit, for hard edges only (a floor each).
        var hx: Double { (s.qx * 4096 + 0.5).rounded(.down) / 4096 }
        let cMinX = edgeAA.contains(.minX)
            ? clamp01(0.5 - (axes?.pixels(minX - s.qx, alongX: true) ?? s.pixels(minX - s.qx, nx: -1, ny: 0)))
            : hard(0, hx >= minX, exact: exact, x: x, y: y)
        let cMaxX = edgeAA.contains(.maxX)
            ? clamp01(0.5 - (axes?.pixels(s.qx - maxX, alongX: true) ?? s.pixels(s.qx - maxX, nx: 1, ny: 0)))
            : hard(1, hx < maxX, exact: exact, x: x, y: y)
        return clamp01(cMinX + cMaxX - 1)
    }

    /// The factor of `rect`'s coverage from its y edges (a function of the local y alone, unless `exact`);
    /// `axes` as for `rectX`.
    @inline(__always)
    static func rectY(_ r: CGRect, at s: Projection.Sample, edgeAA: EdgeMask, exact: ExactEdges? = nil,
                      x: Int = 0, y: Int = 0, axes: AxisLengths? = nil) -> Double {
        let minY = Double(r.minY), maxY = Double(r.maxY)
        var hy: Double { (s.qy * 4096 + 0.5).rounded(.down) / 4096 }
        let cMinY = edgeAA.contains(.minY)
            ? clamp01(0.5 - (axes?.pixels(minY - s.qy, alongX: false) ?? s.pixels(minY - s.qy, nx: 0, ny: -1)))
            : hard(2, hy >= minY, exact: exact, x: x, y: y)
        let cMaxY = edgeAA.contains(.maxY)
            ? clamp01(0.5 - (axes?.pixels(s.qy - maxY, alongX: false) ?? s.pixels(s.qy - maxY, nx: 0, ny: 1)))
            : hard(3, hy < maxY, exact: exact, x: x, y: y)
        return clamp01(cMinY + cMaxY - 1)
    }

    /// A map's pixel lengths of the local x and y directions, `Sample.pixels`'s divisor for a distance
    /// along either axis: the same doubles, computed once where the Jacobian is the same at every pixel
    /// (an affine map, `PixelSampler.constantW`) instead of a square root per pixel.
    struct AxisLengths {
        let x: Double, y: Double

        /// The lengths `Sample.pixels` computes for the normals (±1, 0) and (0, ±1) from the Jacobian
        /// (`PixelSampler.jacobian`: local x per pixel x and y, then local y): the zero products add signed
        /// zeros, which squaring drops.
        init?(_ sampler: PixelSampler) {
            guard sampler.constantW else { return nil }
            let (xx, xy, yx, yy) = sampler.jacobian
            x = (xx * xx + xy * xy).squareRoot()
            y = (yx * yx + yy * yy).squareRoot()
        }

        /// `Sample.pixels(d, ...)` for a normal along x (`alongX`) or y.
        @inline(__always)
        func pixels(_ d: Double, alongX: Bool) -> Double {
            let len = alongX ? x : y
            return len > 0 ? d / len : (d > 0 ? .infinity : -.infinity)
        }
    }

    /// Coverage of a rounded rect from the exact rounded-box signed distance; `axes`, when the map's
    /// Jacobian is constant, stands for the per-pixel length of a straight edge's normal.
    static func rounded(_ rr: RoundedRect, at s: Projection.Sample, axes: AxisLengths? = nil) -> Double {
        let cx = Double(rr.rect.midX), cy = Double(rr.rect.midY)
        let hx = Double(rr.rect.width) / 2, hy = Double(rr.rect.height) / 2
        let left = s.qx < cx, up = s.qy < cy
        let r = left ? (up ? rr.minXMinY : rr.minXMaxY) : (up ? rr.maxXMinY : rr.maxXMaxY)
        let sx: Double = s.qx - cx < 0 ? -1 : 1, sy: Double = s.qy - cy < 0 ? -1 : 1
        let dqx = abs(s.qx - cx) - hx + r, dqy = abs(s.qy - cy) - hy + r
        let ox = max(dqx, 0), oy = max(dqy, 0)
        // Beside a straight edge one of ox, oy is 0, and the root of the other's square is itself exactly
        // (binary floating point, while the square is a normal number): no square root there.
        let straight = ox == 0 || oy == 0, single = max(ox, oy)
        let outside = straight && (single == 0 || single >= 0x1p-500) ? single : (ox * ox + oy * oy).squareRoot()
        let d = min(max(dqx, dqy), 0) + outside - r
        let nx: Double, ny: Double
        if dqx > 0 && dqy > 0 {
            nx = dqx / outside * sx; ny = dqy / outside * sy
        } else if let axes {
            return clamp01(0.5 - axes.pixels(d, alongX: dqx > dqy))
        } else if dqx > dqy {
            nx = sx; ny = 0
        } else {
            nx = 0; ny = sy
        }
        return clamp01(0.5 - s.pixels(d, nx: nx, ny: ny))
    }

    /// Coverage of a border ring: the outer shape minus its inner edge, `outer.inset(by: width)`, which
    /// the caller insets once per operation (nil when it encloses no area: the ring is the whole shape).
    static func border(_ outer: RoundedRect, inner: RoundedRect?, at s: Projection.Sample) -> Double {
        borderParts(outer, inner: inner, at: s).ring
    }

    /// The outer shape's coverage and the ring's (`border`), which a fill with its border combines.
    @inline(__always)
    static func borderParts(_ outer: RoundedRect, inner: RoundedRect?, at s: Projection.Sample,
                            axes: AxisLengths? = nil) -> (outer: Double, ring: Double) {
        let cOuter = of(outer, at: s, edgeAA: .all, axes: axes)
        guard let inner else { return (cOuter, cOuter) }
        return (cOuter, clamp01(cOuter - of(inner, at: s, edgeAA: .all, axes: axes)))
    }
}
