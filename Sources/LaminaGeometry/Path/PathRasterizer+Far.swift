import Foundation

extension PathRasterizer {
    /// How far outside the clip a vertex may lie before its polyline is clipped first.
    static let farMargin = 1024.0

    /// The polylines, each clipped to `clip` grown by 2 pixels (Sutherland-Hodgman, which keeps every
    /// inside point's winding number) when it reaches more than `farMargin` outside: an edge from -1e7 to 1e7
    /// otherwise costs its whole length in the span accumulation (a dashed stroke of a curve with control
    /// points at 1e7 took minutes). Nearer polylines are kept as they are, so their bytes do not change.
    public static func clippedIfFar(_ polylines: [Polyline], to clip: PixelRect) -> [Polyline] {
        let lo = (Double(clip.x0) - farMargin, Double(clip.y0) - farMargin)
        let hi = (Double(clip.x1) + farMargin, Double(clip.y1) + farMargin)
        func far(_ p: CGPoint) -> Bool {
            !(Double(p.x) >= lo.0 && Double(p.x) <= hi.0 && Double(p.y) >= lo.1 && Double(p.y) <= hi.1)
        }
        guard polylines.contains(where: { $0.points.contains(where: far) }) else { return polylines }
        let box = (Double(clip.x0) - 2, Double(clip.y0) - 2, Double(clip.x1) + 2, Double(clip.y1) + 2)
        return polylines.map { line in
            guard line.points.contains(where: far) else { return line }
            var pts = line.points
            pts = clipEdge(pts) { Double($0.x) >= box.0 } cross: { a, b in intersectX(a, b, box.0) }
            pts = clipEdge(pts) { Double($0.x) <= box.2 } cross: { a, b in intersectX(a, b, box.2) }
            pts = clipEdge(pts) { Double($0.y) >= box.1 } cross: { a, b in intersectY(a, b, box.1) }
            pts = clipEdge(pts) { Double($0.y) <= box.3 } cross: { a, b in intersectY(a, b, box.3) }
            return Polyline(points: pts, closed: true)
        }
    }

    /// One Sutherland-Hodgman stage: the closed polygon `pts` cut by the half-plane `inside`.
    static func clipEdge(_ pts: [CGPoint], inside: (CGPoint) -> Bool,
                                 cross: (CGPoint, CGPoint) -> CGPoint) -> [CGPoint] {
        guard let last = pts.last else { return [] }
        var out: [CGPoint] = []
        var prev = last
        for p in pts {
            switch (inside(prev), inside(p)) {
            case (true, true): out.append(p)
            case (true, false): out.append(cross(prev, p))
            case (false, true): out.append(cross(prev, p)); out.append(p)
            case (false, false): break
            }
            prev = p
        }
        return out
    }

    static func intersectX(_ a: CGPoint, _ b: CGPoint, _ x: Double) -> CGPoint {
        let t = (x - Double(a.x)) / (Double(b.x) - Double(a.x))
        return CGPoint(x: x, y: Double(a.y) + (Double(b.y) - Double(a.y)) * t)
    }

    static func intersectY(_ a: CGPoint, _ b: CGPoint, _ y: Double) -> CGPoint {
        let t = (y - Double(a.y)) / (Double(b.y) - Double(a.y))
        return CGPoint(x: Double(a.x) + (Double(b.x) - Double(a.x)) * t, y: y)
    }
}
