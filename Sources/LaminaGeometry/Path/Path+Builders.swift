import Foundation

/// Shape builders: rects, ellipses, rounded rects with either corner curve, and circular arcs.
///
/// Every closed shape is wound the same way, with increasing angle on Lamina's y-down space (clockwise
/// on screen, like UIKit's builders), so shapes added to one path overlap as a union under non-zero.
/// Curves are cubics, the representation CoreGraphics itself uses, so flattening has one curve kind
/// to bound.
extension Path {
    /// The cubic control-point distance that best approximates a quarter circle of radius 1.
    public static let kappa = 0.5522847498

    /// A closed rectangle starting at the top-left corner (`CGPath.addRect`'s order).
    public init(rect: CGRect) {
        self.init()
        addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, made of four cubic quarter arcs starting at (maxX, midY).
    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// A closed rounded rect with per-corner radii and the rect's corner curve.
    public init(roundedRect: RoundedRect) {
        self.init()
        addRoundedRect(roundedRect)
    }

    /// Appends a closed rectangle as its own subpath.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        line(to: CGPoint(x: r.maxX, y: r.minY))
        line(to: CGPoint(x: r.maxX, y: r.maxY))
        line(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Appends a closed ellipse inscribed in `rect` as its own subpath (four cubics, kappa 0.5522847498).
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let cx = Double(r.midX), cy = Double(r.midY)
        let rx = Double(r.width) / 2, ry = Double(r.height) / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        appendEllipticalArc(center: (cx, cy), radii: (rx, ry), rotation: 0, startAngle: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// Appends a closed rounded rect as its own subpath, starting where the top-left corner meets the top
    /// edge, like `UIBezierPath(roundedRect:cornerRadius:)`.
    ///
    /// Circular corners are quarter circles (one cubic each). Continuous corners are the iOS 7 curve of
    /// ca-semantics.md §2: three cubics per corner reaching `RoundedRect.continuousReach` times the radius
    /// along each edge. Radii are taken as given; `RoundedRect`'s initializer is where they are clamped.
    public mutating func addRoundedRect(_ shape: RoundedRect) {
        let r = shape.rect.standardized
        let (x0, y0, x1, y1) = (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
        let reach = shape.curve == .continuous ? RoundedRect.continuousReach : 1
        // Each corner: its point, the unit vector back along the edge we arrive on, the unit vector along
        // the edge we leave on. Clockwise on screen from the top-right corner.
        let corners: [(c: (Double, Double), a: (Double, Double), b: (Double, Double), r: Double)] = [
            ((x1, y0), (-1, 0), (0, 1), shape.maxXMinY),
            ((x1, y1), (0, -1), (-1, 0), shape.maxXMaxY),
            ((x0, y1), (1, 0), (0, -1), shape.minXMaxY),
            ((x0, y0), (0, 1), (1, 0), shape.minXMinY),
        ]
        let startRadius = max(0, shape.minXMinY)
        move(to: CGPoint(x: x0 + startRadius * reach, y: y0))
        for corner in corners {
            let radius = max(0, corner.r)
            // Maps corner-local offsets (along the arriving edge, along the leaving edge) scaled by r.
            func point(_ u: Double, _ v: Double) -> CGPoint {
                CGPoint(x: corner.c.0 + radius * (u * corner.a.0 + v * corner.b.0),
                        y: corner.c.1 + radius * (u * corner.a.1 + v * corner.b.1))
            }
            guard radius > 0 else {
                line(to: point(0, 0))
                continue
            }
            line(to: point(reach, 0))
            if shape.curve == .continuous {
                // Offsets from ca-semantics.md §2, symmetric about the corner's diagonal.
                curve(to: point(0.631494, 0.074911), control1: point(1.088493, 0), control2: point(0.868407, 0))
                curve(to: point(0.074911, 0.631494), control1: point(0.372824, 0.169060),
                      control2: point(0.169060, 0.372824))
                curve(to: point(0, 1.528665), control1: point(0, 0.868407), control2: point(0, 1.088493))
            } else {
                let k = 1 - Path.kappa
                curve(to: point(0, 1), control1: point(k, 0), control2: point(0, k))
            }
        }
        closeSubpath()
    }

    /// Appends a circular arc in CoreGraphics' angle convention, split into cubics of at most 90°.
    ///
    /// Angles are radians measured from +x toward +y; on Lamina's y-down space that is clockwise on screen.
    /// `clockwise: true` sweeps with increasing angle, which is what `UIBezierPath(arcCenter:...,
    /// clockwise: true)` draws on iOS. The sweep is the difference of the angles taken modulo 2π in the
    /// chosen direction; a difference of 2π or more in that direction draws a full circle, and equal
    /// angles draw nothing but the connecting segment. If the path has a current point (and the last
    /// element is not a close) a line joins it to the arc's start, otherwise the arc starts a subpath.
    public mutating func addArc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let r = abs(radius)
        let twoPi = 2 * Double.pi
        let delta = clockwise ? endAngle - startAngle : startAngle - endAngle
        var sweep = delta >= twoPi ? twoPi : delta.truncatingRemainder(dividingBy: twoPi)
        if sweep < 0 { sweep += twoPi }
        let cx = Double(center.x), cy = Double(center.y)
        let start = CGPoint(x: cx + r * cos(startAngle), y: cy + r * sin(startAngle))
        if let last = elements.last, last != .close {
            line(to: start)
        } else {
            move(to: start)
        }
        appendEllipticalArc(center: (cx, cy), radii: (r, r), rotation: 0, startAngle: startAngle,
                            sweep: clockwise ? sweep : -sweep)
    }

    /// Appends cubics for part of an ellipse, from `startAngle` by the signed `sweep` (radians, in the
    /// ellipse's own parameter space), each cubic spanning at most 90°.
    ///
    /// The path's current point must already be the arc's start. Control points come from the tangent at
    /// each end scaled by 4/3·tan(θ/4), the standard construction that is exact at both ends and the middle.
    mutating func appendEllipticalArc(center: (Double, Double), radii: (Double, Double), rotation: Double,
                                      startAngle: Double, sweep: Double) {
        guard sweep != 0, sweep.isFinite else { return }
        let count = Int(pixels: abs(sweep) / (Double.pi / 2) - 1e-9, .up, in: 1...64)
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        let cosR = cos(rotation), sinR = sin(rotation)
        // Maps a vector in the ellipse's axes to path space (rotate by `rotation`).
        func map(_ x: Double, _ y: Double) -> (Double, Double) { (x * cosR - y * sinR, x * sinR + y * cosR) }
        func point(_ t: Double) -> (Double, Double) {
            let v = map(radii.0 * cos(t), radii.1 * sin(t))
            return (center.0 + v.0, center.1 + v.1)
        }
        func tangent(_ t: Double) -> (Double, Double) { map(-radii.0 * sin(t), radii.1 * cos(t)) }
        var t0 = startAngle
        var p0 = point(t0)
        for i in 1...count {
            let t1 = i == count ? startAngle + sweep : startAngle + step * Double(i)
            let p1 = point(t1)
            let d0 = tangent(t0), d1 = tangent(t1)
            curve(to: CGPoint(x: p1.0, y: p1.1),
                  control1: CGPoint(x: p0.0 + k * d0.0, y: p0.1 + k * d0.1),
                  control2: CGPoint(x: p1.0 - k * d1.0, y: p1.1 - k * d1.1))
            t0 = t1
            p0 = p1
        }
    }

    /// The point where the next element starts: the last end point, or the subpath's start after a close;
    /// nil for an empty path.
    public var currentPoint: CGPoint? {
        var sawClose = false
        for element in elements.reversed() {
            switch element {
            case .close: sawClose = true
            case .move(let p): return p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): if !sawClose { return p }
            }
        }
        return nil
    }
}
