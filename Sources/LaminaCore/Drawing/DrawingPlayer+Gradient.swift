import Foundation
import LaminaGraph
import LaminaGeometry

/// Playing a `DrawnGradient`: one gradient-painted rounded rect in a local space chosen so the painted region
/// is that shape, under the state's clips. The region the options leave unpainted is cut off exactly:
/// - linear: local x runs along start -> end (0 at start, its length at end), y across; the shape is the
///   store (mapped back, 2 pixels over each side) trimmed to x >= 0 and x <= length as the options ask;
/// - radial: local space is centred on the end centre; the outer region (past the larger radius) is the
///   store when painted, else the shape is that circle; an unpainted inner region (inside the smaller radius,
///   when it is > 0) is cut out by an even-odd path clip (store minus that circle).
extension DrawingPlayer {
    /// Paints `gradient` over the clip through the CTM, times the global alpha.
    mutating func draw(_ gradient: DrawnGradient) throws {
        guard !gradient.stops.isEmpty, state.alpha > 0 else { return }
        switch gradient.kind {
        case .linear: try drawLinear(gradient)
        case .radial: try drawRadial(gradient)
        }
    }

    private mutating func drawLinear(_ g: DrawnGradient) throws {
        let dx = Double(g.end.x - g.start.x), dy = Double(g.end.y - g.start.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return }
        let ux = CGFloat(dx / length), uy = CGFloat(dy / length)
        let local = CGAffineTransform(a: ux, b: uy, c: -uy, d: ux, tx: g.start.x, ty: g.start.y)
        let m = local.concatenating(state.ctm)
        guard let box = storeBox(through: m) else { return }
        let lo = g.drawsBeforeStart ? Double(box.minX) : max(Double(box.minX), 0)
        let hi = g.drawsAfterEnd ? Double(box.maxX) : min(Double(box.maxX), length)
        guard lo < hi else { return }
        let rect = CGRect(x: lo, y: Double(box.minY), width: hi - lo, height: Double(box.height))
        let paint = GradientPaint(kind: .axial, start: .zero, end: CGPoint(x: length, y: 0),
                                  stops: Self.atLeastTwo(g.stops), opacity: state.alpha)
        events.append(.gradient(RoundedRect(rect: rect), paint, m, state.clip))
    }

    private mutating func drawRadial(_ g: DrawnGradient) throws {
        let r0 = max(0, g.startRadius), r1 = max(0, g.endRadius)
        let outer = max(r0, r1), inner = min(r0, r1)
        guard outer > 0, outer.isFinite else { return }
        let m = CGAffineTransform(translationX: g.end.x, y: g.end.y).concatenating(state.ctm)
        guard let box = storeBox(through: m) else { return }
        // The paint's t is the distance over `outer`: stop l sits at radius r0 + l (r1 - r0).
        var stops = g.stops.map { GradientPaint.Stop(location: (r0 + $0.location * (r1 - r0)) / outer, color: $0.color) }
        if r1 < r0 { stops.reverse() }
        let growing = r0 <= r1
        let paintsInner = growing ? g.drawsBeforeStart : g.drawsAfterEnd
        let paintsOuter = growing ? g.drawsAfterEnd : g.drawsBeforeStart
        let shape = paintsOuter ? RoundedRect(rect: box)
            : RoundedRect(rect: CGRect(x: -outer, y: -outer, width: 2 * outer, height: 2 * outer), radius: outer,
                          corners: .all, curve: .circular)
        let paint = GradientPaint(kind: .radial, start: .zero, end: CGPoint(x: outer, y: outer),
                                  stops: Self.atLeastTwo(stops), opacity: state.alpha)
        guard !paintsInner, inner > 0 else {
            events.append(.gradient(shape, paint, m, state.clip))
            return
        }
        let saved = state.clip
        var ring = Path(rect: CGRect(x: -2, y: -2, width: width + 4, height: height + 4))
        ring.append(Path(ellipseIn: CGRect(x: -inner, y: -inner, width: 2 * inner, height: 2 * inner)).transformed(by: m))
        try addPathClip(try flatten(ring), rule: .evenOdd)
        events.append(.gradient(shape, paint, m, state.clip))
        state.clip = saved
    }

    /// The store, 2 pixels larger on each side, mapped back through `m` into its local space (its bounding
    /// box); nil when `m` is singular.
    private func storeBox(through m: CGAffineTransform) -> CGRect? {
        guard let inverse = Self.inverse(m) else { return nil }
        let w = CGFloat(width) + 2, h = CGFloat(height) + 2
        let corners = [CGPoint(x: -2, y: -2), CGPoint(x: w, y: -2), CGPoint(x: -2, y: h), CGPoint(x: w, y: h)]
            .map { $0.applying(inverse) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `GradientPaint` takes two stops or more: a lone stop is doubled (one colour everywhere).
    private static func atLeastTwo(_ stops: [GradientPaint.Stop]) -> [GradientPaint.Stop] {
        stops.count == 1 ? stops + stops : stops
    }
}
