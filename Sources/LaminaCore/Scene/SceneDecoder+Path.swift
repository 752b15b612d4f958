import Foundation

/// Building a `Path` from a decoded path value: the one place the scene decoder meets the geometry code.
///
/// SVG path data goes to `Path(svgPathData:)`, whose error (with its character offset) becomes the message.
/// The rect, ellipse and rounded-rect builders here are simple stand-ins in CGPath's element order; at merge
/// they may be swapped for the geometry branch's `Path(rect:)`, `Path(ellipseIn:)` and `Path(roundedRect:)`.
extension SceneReader {
    func makePath(_ spec: PathSpec, pointer: JSONPointer) throws -> Path {
        switch spec {
        case .svg(let data):
            do {
                return try Path(svgPathData: data)
            } catch {
                throw SceneError(pointer, "bad path data: \(error)")
            }
        case .rect(let r):
            return PathBuild.rect(r)
        case .ellipse(let r):
            return PathBuild.ellipse(r)
        case .roundedRect(let r, let radius, let corners):
            return PathBuild.roundedRect(RoundedRect(rect: r, radius: radius, corners: corners, curve: .circular))
        case .list(let items):
            var path = Path()
            for (i, item) in items.enumerated() { path.append(try makePath(item, pointer: pointer / i)) }
            return path
        }
    }
}

/// Minimal rect, ellipse and rounded-rect paths (quarter circles as cubics with the usual 0.5523 handle).
enum PathBuild {
    static let kappa = 0.5522847498307936

    static func rect(_ r: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: r.minX, y: r.minY))
        p.line(to: CGPoint(x: r.maxX, y: r.minY))
        p.line(to: CGPoint(x: r.maxX, y: r.maxY))
        p.line(to: CGPoint(x: r.minX, y: r.maxY))
        p.closeSubpath()
        return p
    }

    static func ellipse(_ r: CGRect) -> Path {
        let cx = Double(r.midX), cy = Double(r.midY), rx = Double(r.width) / 2, ry = Double(r.height) / 2
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.move(to: CGPoint(x: cx + rx, y: cy))
        p.curve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry))
        p.curve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky))
        p.curve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry))
        p.curve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky))
        p.closeSubpath()
        return p
    }

    static func roundedRect(_ rr: RoundedRect) -> Path {
        if rr.isRect { return rect(rr.rect) }
        let r = rr.rect
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        var p = Path()
        p.move(to: CGPoint(x: x0 + rr.minXMinY, y: y0))
        p.line(to: CGPoint(x: x1 - rr.maxXMinY, y: y0))
        corner(&p, from: (x1 - rr.maxXMinY, y0), to: (x1, y0 + rr.maxXMinY), corner: (x1, y0))
        p.line(to: CGPoint(x: x1, y: y1 - rr.maxXMaxY))
        corner(&p, from: (x1, y1 - rr.maxXMaxY), to: (x1 - rr.maxXMaxY, y1), corner: (x1, y1))
        p.line(to: CGPoint(x: x0 + rr.minXMaxY, y: y1))
        corner(&p, from: (x0 + rr.minXMaxY, y1), to: (x0, y1 - rr.minXMaxY), corner: (x0, y1))
        p.line(to: CGPoint(x: x0, y: y0 + rr.minXMinY))
        corner(&p, from: (x0, y0 + rr.minXMinY), to: (x0 + rr.minXMinY, y0), corner: (x0, y0))
        p.closeSubpath()
        return p
    }

    /// A quarter circle from `a` to `b` around the corner point `c` (skipped when the radius is zero).
    private static func corner(_ p: inout Path, from a: (Double, Double), to b: (Double, Double), corner c: (Double, Double)) {
        guard a != b else { return }
        let c1 = CGPoint(x: a.0 + (c.0 - a.0) * kappa, y: a.1 + (c.1 - a.1) * kappa)
        let c2 = CGPoint(x: b.0 + (c.0 - b.0) * kappa, y: b.1 + (c.1 - b.1) * kappa)
        p.curve(to: CGPoint(x: b.0, y: b.1), control1: c1, control2: c2)
    }
}
