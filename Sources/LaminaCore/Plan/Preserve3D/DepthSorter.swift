import Foundation

/// Back-to-front order of a 3D rendering context's planes, splitting where they intersect: a BSP tree as
/// WebRender's plane-split and Chromium's `BspTree` build one. Polygons are inserted in tree order (zPosition,
/// then sublayer order); each node's plane divides the rest, a polygon that spans it is cut in two, and
/// polygons within `epsilon` of a node's plane (a thick plane) stay whole beside it, drawn in tree order.
/// Drawn back to front for a viewer on +z looking down -z (eye space after the perspective divide).
struct DepthSorter {
    /// A piece of plane `id` to draw (the whole plane when it was not cut).
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
        // A work list instead of recursion: a tree of parallel planes is a chain as deep as the planes.
        var work = [(fragment, root)]
        while let (f, node) = work.popLast() {
            var side = f.polygon.side(of: node.plane, epsilon: epsilon)
            if side == .spanning, count >= maxFragments {
                truncated = true
                side = node.plane.distance(f.polygon.centroid) >= 0 ? .front : .back
            }
            switch side {
            case .coplanar:
                node.coplanar.append(f)
            case .front:
                if let next = place(f, in: &node.front) { work.append((f, next)) }
            case .back:
                if let next = place(f, in: &node.back) { work.append((f, next)) }
            case .spanning:
                let (front, back) = f.polygon.split(by: node.plane, epsilon: epsilon)
                count += 1
                if let front {
                    let piece = Fragment(id: f.id, polygon: front)
                    if let next = place(piece, in: &node.front) { work.append((piece, next)) }
                }
                if let back {
                    let piece = Fragment(id: f.id, polygon: back)
                    if let next = place(piece, in: &node.back) { work.append((piece, next)) }
                }
            }
        }
    }

    /// Makes `fragment` the child node when there is none (returning nil), else returns the child to descend.
    private mutating func place(_ fragment: Fragment, in child: inout Node?) -> Node? {
        if let c = child { return c }
        if let plane = fragment.polygon.plane {
            child = Node(plane: plane, first: fragment)
            count += 1
        }
        return nil
    }

    /// Every fragment, farthest first.
    func backToFront() -> [Fragment] {
        // An explicit stack in place of the recursion (back subtree, the node's own, front subtree).
        enum Step { case node(Node), emit(Node) }
        var out: [Fragment] = []
        var stack: [Step] = root.map { [.node($0)] } ?? []
        while let step = stack.popLast() {
            switch step {
            case .emit(let n):
                out += n.coplanar
            case .node(let n):
                // The viewer is on the front side when the normal points toward +z.
                let viewerInFront = n.plane.normal.z >= 0
                let far = viewerInFront ? n.back : n.front, near = viewerInFront ? n.front : n.back
                if let near { stack.append(.node(near)) }
                stack.append(.emit(n))
                if let far { stack.append(.node(far)) }
            }
        }
        return out
    }
}
