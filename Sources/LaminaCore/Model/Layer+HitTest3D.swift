import Foundation
import LaminaGeometry

extension Layer {
    /// Hit testing in the 3D rendering context this transform layer roots: every plane (a sublayer that is not
    /// a transform layer, through nested transform layers) is tried at the point where the eye's ray meets
    /// it, and of the planes hit the one nearest the eye there wins (depth in the context's eye space, as the
    /// planner sorts them); on a tie, the one drawn later. `point` is in `parent`'s coordinates.
    func hitTestDepthContext(_ point: CGPoint, parent: Layer) -> Layer? {
        guard let canvas = Layer.project(point, parent.toRoot) else { return nil }
        let eye = LayerGeometry.local(self).concatenating(LayerGeometry.sublayerSpace(of: parent, flattening: false))
        var best: (layer: Layer, depth: Double)?
        func visit(_ t: Layer, eye: Transform3D, level: Int) {
            guard level < 256 else { return }
            let space = LayerGeometry.sublayerSpace(of: t)
            for (_, child) in t.sublayersInDrawingOrder where !child.isHidden {
                let e = LayerGeometry.local(child).concatenating(space).concatenating(eye)
                if child is TransformLayer {
                    visit(child, eye: e, level: level + 1)
                    continue
                }
                guard let local = Layer.unproject(canvas, child.toRoot), let hit = child.hitTest(local: local) else { continue }
                let q = e.apply(x: Double(local.x), y: Double(local.y))
                guard q.w > 0 else { continue }
                let depth = q.z / q.w
                if best.map({ depth >= $0.depth - 1e-9 }) ?? true { best = (hit, depth) }
            }
        }
        visit(self, eye: eye, level: 0)
        return best?.layer
    }
}
