import Foundation
import LaminaGraph
import LaminaGeometry

extension GraphBuilder {
    /// A hard-edged mask of a split plane's piece over `rect`: the pass's rect cut by the half-plane of each
    /// edge a split made (projected to pixels), the side that holds the piece. Only split edges cut: the
    /// plane's own edges are the layer's to draw (with its antialiasing), and content beyond its estimated
    /// extent stays. Two pieces of one split share the edge exactly, and with hard edges each pixel centre
    /// falls in one of them.
    func pieceMask(_ piece: Polygon3D, eyeToTarget: Transform3D, rect: PixelRect) -> DrawOp {
        func project(_ p: SIMD3<Double>) -> SIMD2<Double>? {
            let q = eyeToTarget.apply(x: p.x, y: p.y, z: p.z)
            guard q.w > 1e-9 else { return nil }
            let v = SIMD2(q.x / q.w, q.y / q.w)
            return v.x.isFinite && v.y.isFinite ? v : nil
        }
        let x0 = Double(rect.x0) - 1, y0 = Double(rect.y0) - 1, x1 = Double(rect.x1) + 1, y1 = Double(rect.y1) + 1
        var region = [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]
        if let inside = project(piece.centroid) {
            let n = piece.points.count
            for i in 0..<n where piece.splitEdges[i] {
                guard let a = project(piece.points[i]), let b = project(piece.points[(i + 1) % n]) else { continue }
                region = Self.clip(region, a, b, keeping: inside)
            }
        }
        let white = Color.white.premultiplied
        let polyline = Polyline(points: region.map { CGPoint(x: $0.x, y: $0.y) }, closed: true)
        let shape = PathShape(polylines: [polyline], rule: .nonZero, antialiased: false)
        return DrawOp(shape: .path(shape), paint: .solid(white), transform: .identity, bounds: rect)
    }

    /// `polygon` cut by the line through `a` and `b`, keeping the side `inside` is on.
    static func clip(_ polygon: [SIMD2<Double>], _ a: SIMD2<Double>, _ b: SIMD2<Double>,
                     keeping inside: SIMD2<Double>) -> [SIMD2<Double>] {
        let d = b - a
        guard (d * d).sum() > 1e-18 else { return polygon }
        func side(_ p: SIMD2<Double>) -> Double { d.x * (p.y - a.y) - d.y * (p.x - a.x) }
        let sign: Double = side(inside) >= 0 ? 1 : -1
        var out: [SIMD2<Double>] = []
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            let sp = side(p) * sign, sq = side(q) * sign
            if sp >= 0 { out.append(p) }
            if (sp >= 0) != (sq >= 0) { out.append(p + (q - p) * (sp / (sp - sq))) }
        }
        return out
    }
}
