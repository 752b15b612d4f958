import Foundation

/// A plane n . p + d = 0 in a 3D context's eye space.
struct Plane3D {
    var normal: SIMD3<Double>
    var d: Double

    func distance(_ p: SIMD3<Double>) -> Double { (normal * p).sum() + d }
}

/// A convex polygon of one layer's plane in a 3D context's eye space (after the perspective divide, the viewer
/// looking down -z from +z), with, per edge, whether a split made it (edge i runs from point i to i + 1).
struct Polygon3D {
    var points: [SIMD3<Double>]
    var splitEdges: [Bool]

    init(points: [SIMD3<Double>], splitEdges: [Bool]? = nil) {
        self.points = points
        self.splitEdges = splitEdges ?? [Bool](repeating: false, count: points.count)
    }

    /// The polygon's plane by Newell's method (robust for near-degenerate polygons), nil when it has no area.
    var plane: Plane3D? {
        guard points.count >= 3 else { return nil }
        var n = SIMD3<Double>(0, 0, 0)
        var centroid = SIMD3<Double>(0, 0, 0)
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            n.x += (a.y - b.y) * (a.z + b.z)
            n.y += (a.z - b.z) * (a.x + b.x)
            n.z += (a.x - b.x) * (a.y + b.y)
            centroid += a
        }
        let length = (n * n).sum().squareRoot()
        guard length > 1e-12, length.isFinite else { return nil }
        n /= length
        centroid /= Double(points.count)
        return Plane3D(normal: n, d: -(n * centroid).sum())
    }

    var centroid: SIMD3<Double> { points.reduce(SIMD3(0, 0, 0), +) / Double(max(1, points.count)) }

    enum Side { case front, back, coplanar, spanning }

    /// Where the polygon lies against `plane`, with points within `epsilon` of it counting as on it (a thick
    /// plane, so layers that touch or nearly coincide are not split by rounding).
    func side(of plane: Plane3D, epsilon: Double) -> Side {
        var front = false, back = false
        for p in points {
            let s = plane.distance(p)
            if s > epsilon { front = true } else if s < -epsilon { back = true }
        }
        switch (front, back) {
        case (true, true): return .spanning
        case (true, false): return .front
        case (false, true): return .back
        case (false, false): return .coplanar
        }
    }

    /// The parts in front of and behind `plane`; the edge each gains along the plane is marked as split.
    func split(by plane: Plane3D, epsilon: Double) -> (front: Polygon3D?, back: Polygon3D?) {
        var front: [SIMD3<Double>] = [], frontEdges: [Bool] = []
        var back: [SIMD3<Double>] = [], backEdges: [Bool] = []
        let n = points.count
        let s = points.map { v -> Double in
            let x = plane.distance(v)
            return abs(x) <= epsilon ? 0 : x
        }
        for i in 0..<n {
            let j = (i + 1) % n
            let a = points[i], b = points[j], sa = s[i], sb = s[j]
            // Each output edge starting at a point inherits the flag of the input edge it lies on; the edge
            // that starts at a point on the plane and closes across it is the new, split edge.
            if sa >= 0 { front.append(a); frontEdges.append(sa == 0 && sb < 0 ? true : splitEdges[i]) }
            if sa <= 0 { back.append(a); backEdges.append(sa == 0 && sb > 0 ? true : splitEdges[i]) }
            if (sa > 0 && sb < 0) || (sa < 0 && sb > 0) {
                let t = sa / (sa - sb)
                let p = a + (b - a) * t
                front.append(p); frontEdges.append(sa > 0 ? true : splitEdges[i])
                back.append(p); backEdges.append(sa < 0 ? true : splitEdges[i])
            }
        }
        func make(_ pts: [SIMD3<Double>], _ edges: [Bool]) -> Polygon3D? {
            pts.count >= 3 ? Polygon3D(points: pts, splitEdges: edges) : nil
        }
        return (make(front, frontEdges), make(back, backEdges))
    }
}
