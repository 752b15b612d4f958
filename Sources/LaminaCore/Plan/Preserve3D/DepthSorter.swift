import Foundation

/// Back-to-front order of a 3D rendering context's planes, splitting where they intersect: a BSP tree as
/// WebRender's plane-split and Chromium's `BspTree` build one. Polygons are inserted in tree order (zPosition,
/// then sublayer order); each node's plane divides the rest, a polygon that spans it is cut in two, and
/// polygons within `epsilon` of a node's plane (a thick plane) stay whole beside it, drawn in tree order.
/// Drawn back to front for a viewer on +z looking down -z (eye space after the perspective divide).
struct DepthSorter {
    /// A piece of plane `id` to draw: the polygon, and whether it is a piece of a split plane.
    struct Fragment {
        var id: Int
        var polygon: Polygon3D
    }

    private final class Node {
        let plane: Plane3D
        var coplanar: [Fragment]
        var front: Node?
        var back: Node?
        init(plane: Plane3D, first: Fragment) { self.plane = plane; coplanar = [first] }
    }

    let epsilon: Double
    /// The most fragments the tree may hold; past it, remaining polygons are not split but ordered by centroid
    /// depth (a bound on the work an adversarial scene can cause).
    let maxFragments: Int
    private var root: Node?
    private var count = 0
    private(set) var truncated = false

    init(epsilon: Double, maxFragments: Int = 4096) {
        self.epsilon = epsilon
        self.maxFragments = maxFragments
    }

    mutating func insert(_ polygon: Polygon3D, id: Int) {
        guard let plane = polygon.plane else { return }
        let fragment = Fragment(id: id, polygon: polygon)
        guard let root else {
            root = Node(plane: plane, first: fragment)
            count = 1
            return
        }
        insert(fragment, into: root)
    }

    private mutating func insert(_ fragment: Fragment, into node: Node) {
        var side = fragment.polygon.side(of: node.plane, epsilon: epsilon)
        if side == .spanning, count >= maxFragments {
            truncated = true
            side = node.plane.distance(fragment.polygon.centroid) >= 0 ? .front : .back
        }
        switch side {
        case .coplanar:
            node.coplanar.append(fragment)
        case .front:
            place(fragment, in: &node.front)
        case .back:
            place(fragment, in: &node.back)
        case .spanning:
            let (f, b) = fragment.polygon.split(by: node.plane, epsilon: epsilon)
            count += 1
            if let f { place(Fragment(id: fragment.id, polygon: f), in: &node.front) }
            if let b { place(Fragment(id: fragment.id, polygon: b), in: &node.back) }
        }
    }

    private mutating func place(_ fragment: Fragment, in child: inout Node?) {
        if let c = child {
            insert(fragment, into: c)
        } else if let plane = fragment.polygon.plane {
            child = Node(plane: plane, first: fragment)
            count += 1
        }
    }

    /// Every fragment, farthest first.
    func backToFront() -> [Fragment] {
        var out: [Fragment] = []
        func visit(_ node: Node?) {
            guard let node else { return }
            // The viewer is on the front side when the normal points toward +z.
            let viewerInFront = node.plane.normal.z >= 0
            visit(viewerInFront ? node.back : node.front)
            out += node.coplanar
            visit(viewerInFront ? node.front : node.back)
        }
        visit(root)
        return out
    }
}
