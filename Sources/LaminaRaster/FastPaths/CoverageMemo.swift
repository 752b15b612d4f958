import Foundation
import LaminaGraph
import LaminaGeometry

/// Rounded-rect coverage that is computed once per column or once per row where it depends on only one
/// of them: along a straight edge.
///
/// `Coverage.rounded` picks the corner radius r from the quadrant, then works on `dqx`, `dqy` (the
/// distances past the corner circle's centre). Off the corner quadrant its value depends on one of them:
/// - where `dqy <= 0` and `dqx > dqy` (beside a vertical edge), `oy` is +0, so the outside distance, `d`
///   and the normal `(sx, 0)` are functions of `qx` and r alone;
/// - where `dqx <= 0` and not `dqx > dqy` (beside a horizontal edge), symmetrically of `qy` and r alone.
/// With a constant Jacobian (an affine map with w = 1, `PixelSampler.unitW`), the coverage is then the same
/// double at every pixel with that `qx` (or `qy`) and r, so a value is stored under its exact `qx` (`qy`)
/// bits and reused for it: the vertical strips of a border's inner edge cost one evaluation per column and
/// half, the horizontal ones one per row and half. Only the corner quadrants are evaluated per pixel.
/// The radius follows from (left, up), which the slot (column and half, or row side) fixes. In the corner
/// quadrants the band's `CornerTable` supplies values evaluated once for the same inputs.
struct CoverageMemo {
    /// The row slots [shape 0 left, shape 0 right, shape 1 left, shape 1 right] x (key, value), then per
    /// column of the operation [shape 0 top, shape 0 bottom, shape 1 top, shape 1 bottom] x (stamp, key,
    /// value). A column slot belongs to the operation whose stamp it carries, so starting an operation
    /// clears nothing but the eight row slots.
    private let slots: UnsafeMutablePointer<Double>
    private let rowSlots: UnsafeMutablePointer<Double>
    private let stamp: UInt64
    private let x0: Int
    private let corners: CornerTable
    /// The operation's constant Jacobian (dxdpx, dxdpy, dydpx, dydpy), for the samples of evaluations.
    private let jacobian: SIMD4<Double>
    /// Whether the Jacobian is diagonal, so corner values do not depend on the quadrant's signs.
    let diagonal: Bool
    /// The band's plain-row template, told the case of every evaluation while it records.
    let template: UnsafeMutablePointer<PlainTemplate>

    /// Doubles of scratch a band needs for operations up to `width` columns wide.
    static func scratchSize(width: Int) -> Int { max(0, width) * 12 + 8 }

    /// Starts the memo for an operation over the columns `columns` (at most the width the scratch was
    /// sized for): the row keys become NaN, which no finite coordinate matches, and the column slots wait
    /// for this operation's stamp. `jacobian` is the operation's constant Jacobian (dxdpx, dxdpy, dydpx,
    /// dydpy).
    init(scratch: BandScratch, columns: Range<Int>, jacobian: SIMD4<Double>) {
        rowSlots = scratch.memo
        slots = scratch.memo + 8
        x0 = columns.lowerBound
        rowSlots.initialize(repeating: .nan, count: 8)
        scratch.stamp.pointee &+= 1
        stamp = scratch.stamp.pointee
        corners = scratch.corners
        corners.use(jacobian: jacobian)
        self.jacobian = jacobian
        diagonal = jacobian.y == 0 && jacobian.z == 0
        template = scratch.template
        template.pointee = PlainTemplate()
    }

    /// A shape's centre and half extents, as `Coverage.rounded` computes them: plain doubles, so the
    /// per-pixel code copies nothing (the shape itself is passed by the caller for evaluations).
    struct Geometry {
        let cx: Double, cy: Double, hx: Double, hy: Double
        /// The radii by quadrant (so a pixel reads one double instead of copying the shape).
        let minXMinY: Double, minXMaxY: Double, maxXMinY: Double, maxXMaxY: Double
        let isRect: Bool

        init(_ rr: RoundedRect) {
            isRect = rr.isRect
            minXMinY = rr.minXMinY; minXMaxY = rr.minXMaxY; maxXMinY = rr.maxXMinY; maxXMaxY = rr.maxXMaxY
            cx = Double(rr.rect.midX); cy = Double(rr.rect.midY)
            hx = Double(rr.rect.width) / 2; hy = Double(rr.rect.height) / 2
        }
    }

    /// The sample `PixelSampler.local` gives at a pixel centre whose local point is (qx, qy).
    @inline(__always)
    func sample(qx: Double, qy: Double) -> Projection.Sample {
        Projection.Sample(qx: qx, qy: qy, dxdpx: jacobian.x, dxdpy: jacobian.y, dydpx: jacobian.z, dydpy: jacobian.w)
    }

    /// `Coverage.of(shape, at: sample(qx: qx, qy: qy), edgeAA: edgeAA)`, `g` being the shape's geometry
    /// and `k` its index (0 or 1) among the operation's shapes, at column `x` of a row.
    @inline(__always)
    func coverage(_ shape: RoundedRect, _ g: Geometry, index k: Int, qx: Double, qy: Double, x: Int,
                  edgeAA: EdgeMask) -> Double {
        if g.isRect {
            if template.pointee.recording { template.pointee.spoil() }
            return Coverage.rect(shape.rect, at: sample(qx: qx, qy: qy), edgeAA: edgeAA)
        }
        // The first lines of Coverage.rounded, on the same values.
        let left = qx < g.cx, up = qy < g.cy
        let r = left ? (up ? g.minXMinY : g.minXMaxY) : (up ? g.maxXMinY : g.maxXMaxY)
        let dqx = abs(qx - g.cx) - g.hx + r, dqy = abs(qy - g.cy) - g.hy + r
        if dqy <= 0 && dqx > dqy {
            if template.pointee.recording { template.pointee.note(shape: k, left: left, dqx: dqx) }
            let slot = slots + ((x &- x0) &* 4 &+ k &* 2 &+ (up ? 0 : 1)) &* 3
            if slot[0].bitPattern == stamp, slot[1].bitPattern == qx.bitPattern { return slot[2] }
            let value = Coverage.rounded(shape, at: sample(qx: qx, qy: qy))
            slot[0] = Double(bitPattern: stamp)
            slot[1] = qx
            slot[2] = value
            return value
        }
        if template.pointee.recording { template.pointee.spoil() }
        if dqx <= 0 && !(dqx > dqy) {
            let slot = rowSlots + (k &* 2 &+ (left ? 0 : 1)) &* 2
            if slot[0].bitPattern == qy.bitPattern { return slot[1] }
            let value = Coverage.rounded(shape, at: sample(qx: qx, qy: qy))
            slot[0] = qy
            slot[1] = value
            return value
        }
        if dqx > 0 && dqy > 0 && corners.pays {
            let signs: UInt64 = diagonal ? 0 : (qx - g.cx < 0 ? 1 : 0) | (qy - g.cy < 0 ? 2 : 0)
            let probe = corners.probe(dqx: dqx, dqy: dqy, r: r, signs: signs)
            if let value = probe.value { return value }
            let value = Coverage.rounded(shape, at: sample(qx: qx, qy: qy))
            corners.store(value, at: probe)
            return value
        }
        return Coverage.rounded(shape, at: sample(qx: qx, qy: qy))
    }
}

extension CoverageMemo {
    /// Where a pixel beside a horizontal edge stops sharing its coverage: for the pixel at column `x`
    /// (local point `qx`, `qy`) of shape `g`, nil unless it is in the row case (`dqx <= 0`, not
    /// `dqx > dqy`); else the end (at most `limit`) of the columns from `x` that are in the row case on the
    /// same side, whose coverage is therefore the same double (a function of `qy` and the side's radius).
    ///
    /// Under a diagonal Jacobian `qxAt` gives each column's local x (the loop's own expression) and the row
    /// keeps one `qy`. Those columns are a prefix of `x..<limit`: `dqx` falls towards the centre line and
    /// rises past it (each rounded step is monotonic), so on the left side the case holds up to the centre
    /// line, where the side changes for good, and on the right it holds until `dqx` first passes its bound.
    /// The prefix's end is found by bisection.
    @inline(__always)
    func rowCaseEnd(_ g: Geometry, qx: Double, qy: Double, x: Int, limit: Int, qxAt: (Int) -> Double) -> Int? {
        guard !g.isRect, x + 1 < limit else { return nil }
        let left = qx < g.cx, up = qy < g.cy
        let r = left ? (up ? g.minXMinY : g.minXMaxY) : (up ? g.maxXMinY : g.maxXMaxY)
        let dqx = abs(qx - g.cx) - g.hx + r, dqy = abs(qy - g.cy) - g.hy + r
        guard dqx <= 0 && !(dqx > dqy) else { return nil }
        func holds(_ column: Int) -> Bool {
            let q = qxAt(column)
            guard (q < g.cx) == left else { return false }
            let d = abs(q - g.cx) - g.hx + r
            return d <= 0 && !(d > dqy)
        }
        var lo = x, hi = limit
        if holds(limit - 1) { return limit }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if holds(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// What one band's worker keeps for the operations it draws: the column and row slots of `CoverageMemo`,
/// the band's `CornerTable`, its `PlainTemplate` and its `BlendMemo`.
struct BandScratch {
    /// The widest operation it serves, and the draw pass it last served (`ScratchPool`).
    let width: Int
    let pass: UnsafeMutablePointer<UInt64>
    let memo: UnsafeMutablePointer<Double>
    /// The stamp of the band's latest memo operation (column slots of older stamps are stale).
    let stamp: UnsafeMutablePointer<UInt64>
    let corners: CornerTable
    /// The plain-row template's state, and its recorded coverages: two halves of `width` doubles.
    let template: UnsafeMutablePointer<PlainTemplate>
    let templateValues: UnsafeMutablePointer<Double>
    /// The template's replay programs: two halves of `width + 2` steps.
    let programs: UnsafeMutablePointer<PlainTemplate.Step>
    let programCapacity: Int
    /// Tinted blends by channel, alpha and destination byte (shadow slices).
    let blends: BlendMemo

    /// Scratch for operations up to `width` columns wide; `deallocate` frees it.
    init(width: Int) {
        self.width = width
        pass = .allocate(capacity: 1)
        pass.initialize(to: 0)
        let size = CoverageMemo.scratchSize(width: width)
        memo = .allocate(capacity: size)
        memo.initialize(repeating: 0, count: size)
        stamp = .allocate(capacity: 1)
        stamp.initialize(to: 0)
        corners = CornerTable()
        template = .allocate(capacity: 1)
        template.initialize(to: PlainTemplate())
        templateValues = .allocate(capacity: 2 * max(1, width))
        programCapacity = max(1, width) + 2
        programs = .allocate(capacity: 2 * programCapacity)
        blends = BlendMemo()
    }

    func deallocate() {
        memo.deallocate()
        pass.deallocate()
        stamp.deallocate()
        corners.deallocate()
        template.deallocate()
        templateValues.deallocate()
        programs.deallocate()
        blends.deallocate()
    }
}
