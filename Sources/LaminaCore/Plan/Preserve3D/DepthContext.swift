import Foundation
import LaminaGraph
import LaminaGeometry

/// CATransformLayer's 3D rendering context (ca-semantics.md §8): the planes of its sublayers (through nested
/// transform layers) share one space and are drawn back to front, split where they intersect.
///
/// Gather: each sublayer that is not a transform layer is one plane (its own subtree flattened into it, as
/// Core Animation flattens it), with its map into the context's eye space: the flattening superlayer's
/// sublayer space before it flattens, where its perspective has put depth in z and w. Order: each plane's
/// extent becomes a polygon there, clipped to w > 0 and divided through, and a BSP tree (`DepthSorter`) orders
/// and splits them. Emit: a plane that stays whole is emitted as any layer is; a plane cut into pieces is
/// emitted once into a pass and composited once per piece through a mask of the piece's region, whose
/// split edges are hard (not antialiased), so the pieces' pixels partition the plane's: no seam, no overlap.
extension GraphBuilder {
    /// One plane of a 3D context: a layer drawn as usual through `parentToTarget`, and its local -> eye map.
    struct DepthPlane {
        var layer: Layer
        var parentToTarget: Transform3D
        var eye: Transform3D
        var opacity: Double
        var context: Context
        /// A replicator instance's modulation colour, applied after the opacity.
        var modulate: PremultipliedColor? = nil
        /// The replicator instance the plane belongs to, when its instances lag (`instanceDelay`): the plane
        /// is drawn at that instance's moment.
        var instance: (emitter: any LayerEmitter, index: Int)? = nil
    }

    /// More planes than this in one context are drawn in tree order, unsorted (a bound on the BSP's work).
    static let maxDepthPlanes = 1024

    /// The instances of a replicator with preservesDepth under a flattening superlayer, depth-sorted as one
    /// 3D context: each instance's sublayers are planes (through transform layers), under the instance's
    /// transform and with its modulation colour. `space` is the replicator's sublayer space into the target.
    func emitDepthSortedInstances(of replicator: Layer, emitter: any LayerEmitter, space: Transform3D, eye: Transform3D,
                                  eyeToTarget: Transform3D, context: Context) -> [DrawOp] {
        let eyeSpace = LayerGeometry.sublayerSpace(of: replicator).concatenating(eye)
        var planes: [DepthPlane] = []
        emitter.forEachInstance { k, instance in
            guard failure == nil, planes.count <= Self.maxDepthPlanes else { return false }
            let first = planes.count
            // Instance k's sublayers at the replicator's time minus k x instanceDelay, for their placing here
            // and their drawing when sorted (`emitPlane`).
            let lagging = emitter.presentingInstance(k, in: presentation)
            gatherChildren(of: replicator, space: instance.concatenating(space), eyeSpace: instance.concatenating(eyeSpace),
                           opacity: 1, context: context, label: "#\(k)", into: &planes)
            lagging?.restore()
            guard chargeOperations(max(1, planes.count - first)) else { return false }
            let m = emitter.modulation(ofInstance: k)
            let lags: (any LayerEmitter, Int)? = lagging != nil ? (emitter, k) : nil
            for i in first..<planes.count {
                if let m { planes[i].modulate = m }
                planes[i].instance = lags
            }
            return true
        }
        return emitSorted(planes, eyeToTarget: eyeToTarget)
    }

    /// The sublayers of a flattening layer when some of them are tilted out of its plane (or open a transform
    /// layer): they share the layer's 3D space and are depth-sorted there before it flattens them, as Core
    /// Animation sorts and cuts siblings (ca-semantics.md §1 zPosition). `space` is the layer's sublayer space
    /// into the target, `eye` the same space before the flattening, `eyeToTarget` the flattening onward.
    func emitDepthSortedSublayers(of layer: Layer, space: Transform3D, eye: Transform3D, eyeToTarget: Transform3D,
                                  context: Context, pointerPrefix: String) -> [DrawOp] {
        var planes: [DepthPlane] = []
        gatherChildren(of: layer, space: space, eyeSpace: eye, opacity: 1, context: context, label: "",
                       pointerPrefix: pointerPrefix, into: &planes)
        return emitSorted(planes, eyeToTarget: eyeToTarget)
    }

    /// Whether `child`, in a parent space `eye` before flattening, leaves the parent's plane: a transform layer,
    /// or a plane whose depth varies across it. Siblings that stay parallel to the parent's plane keep the
    /// zPosition order, which a depth sort of parallel planes would give anyway. `local` is the child's own
    /// map (`LayerGeometry.local`) when the caller has it.
    static func leavesPlane(_ child: Layer, local: Transform3D? = nil, eye: Transform3D) -> Bool {
        if LayerEmitters.of(child).isTransformLayer { return true }
        let e = (local ?? LayerGeometry.local(child)).concatenating(eye)
        return e.m13 != 0 || e.m23 != 0
    }

    /// The planes in back-to-front order, split where they cross (see the type's comment).
    private func emitSorted(_ planes: [DepthPlane], eyeToTarget: Transform3D) -> [DrawOp] {
        guard planes.count > 1, planes.count <= Self.maxDepthPlanes else { return planes.flatMap(emitPlane) }
        let polygons = planes.map { Self.drawsNothing($0.layer) ? nil : eyePolygon($0) }
        var ops: [DrawOp] = []
        // Planes whose pixels cannot meet need no order between them: each group of overlapping ones is sorted
        // alone, and a plane that overlaps none is drawn as it is, in tree order, never cut.
        for group in Self.overlapGroups(polygons, eyeToTarget: eyeToTarget) {
            if group.count == 1 {
                ops += emitPlane(planes[group[0]])
            } else {
                ops += emitSortedGroup(group, planes: planes, polygons: polygons, eyeToTarget: eyeToTarget)
            }
        }
        return ops
    }

    /// One group of overlapping planes, back to front, split where they cross.
    private func emitSortedGroup(_ group: [Int], planes: [DepthPlane], polygons: [Polygon3D?],
                                 eyeToTarget: Transform3D) -> [DrawOp] {
        var sorter = DepthSorter(epsilon: 1e-3, maxFragments: 2048)
        for i in group { if let polygon = polygons[i] { sorter.insert(polygon, id: i) } }
        let fragments = sorter.backToFront()
        var ops: [DrawOp] = []
        var pieces: [Int: Int] = [:]
        for f in fragments { pieces[f.id, default: 0] += 1 }
        var passes: [Int: (PassID, PixelRect)] = [:]
        for f in fragments {
            let plane = planes[f.id]
            if pieces[f.id] == 1 { ops += emitPlane(plane); continue }
            if passes[f.id] == nil {
                let content = emitPlane(plane)
                let rect = unionBounds(content).intersection(plane.context.interest)
                guard let id = offscreen(content, rect: rect, reason: .maskedContent, label: plane.context.label) else {
                    continue
                }
                passes[f.id] = (id, rect)
            }
            guard let (id, rect) = passes[f.id] else { continue }
            let mask = pieceMask(f.polygon, eyeToTarget: eyeToTarget, rect: rect)
            guard let maskID = offscreen([mask], rect: rect, reason: .clipShape, label: plane.context.label + "/piece")
            else { continue }
            ops.append(composite(id, rect: rect, mask: maskID, interest: plane.context.interest))
        }
        return ops
    }

    /// The planes grouped so that two planes whose screen boxes (their eye polygons projected, grown by two
    /// pixels for antialiasing) overlap share a group, transitively; groups in tree order of their first plane.
    /// A plane with no polygon in front of the eye is a group of its own.
    static func overlapGroups(_ polygons: [Polygon3D?], eyeToTarget: Transform3D) -> [[Int]] {
        let boxes: [(Double, Double, Double, Double)?] = polygons.map { polygon in
            guard let polygon else { return nil }
            var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
            for p in polygon.points {
                let q = eyeToTarget.apply(x: p.x, y: p.y, z: p.z)
                guard q.w > 1e-9 else { return (-Double.infinity, -Double.infinity, Double.infinity, Double.infinity) }
                let x = q.x / q.w, y = q.y / q.w
                box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
            }
            return (box.0 - 2, box.1 - 2, box.2 + 2, box.3 + 2)
        }
        var parent = Array(polygons.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in boxes.indices {
            guard let a = boxes[i] else { continue }
            for j in (i + 1)..<boxes.count {
                guard let b = boxes[j], a.0 < b.2, b.0 < a.2, a.1 < b.3, b.1 < a.3 else { continue }
                let ri = root(i), rj = root(j)
                if ri != rj { parent[max(ri, rj)] = min(ri, rj) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in polygons.indices { groups[root(i), default: []].append(i) }
        return groups.keys.sorted().compactMap { groups[$0] }
    }

    private func emitPlane(_ plane: DepthPlane) -> [DrawOp] {
        let lagging = plane.instance.flatMap { $0.emitter.presentingInstance($0.index, in: presentation) }
        defer { lagging?.restore() }
        var ops = emitLayer(plane.layer, parentToTarget: plane.parentToTarget, context: plane.context)
        if plane.opacity < 1 { ops = ops.map { $0.scalingAlpha(by: plane.opacity) } }
        if let m = plane.modulate { ops.modulate(from: 0, by: m) }
        return ops
    }

    /// `t`'s sublayers as planes, `space` and `eyeSpace` their parent space into the target and the eye.
    private func gatherChildren(of t: Layer, space: Transform3D, eyeSpace: Transform3D, opacity: Double,
                                context: Context, label: String, pointerPrefix: String? = nil,
                                into planes: inout [DepthPlane]) {
        var ctx = context
        ctx.flipped = context.flipped != t.isGeometryFlipped
        ctx.parentSpace = nil
        for (i, child) in t.sublayersInDrawingOrder where !child.isHidden && child.opacityValue > 0 {
            var c = ctx
            // A plane's draws are scaled by its transform layers' opacity, modulated and cut into pieces.
            c.cullsHidden = false
            c.label = context.label + "/sublayers/\(i)" + label
            c.pointer = (pointerPrefix ?? context.pointer + "/sublayers/") + "\(i)"
            let local = LayerGeometry.local(child)
            if !child.isDoubleSided && facesAway(local.concatenating(space)) { continue }
            if LayerEmitters.of(child).isTransformLayer {
                // A nested transform layer opens into the same context: its sublayers are planes too.
                let inner = LayerGeometry.sublayerSpace(of: child).concatenating(local)
                gatherChildren(of: child, space: inner.concatenating(space), eyeSpace: inner.concatenating(eyeSpace),
                               opacity: opacity * child.opacityValue, context: c, label: label, into: &planes)
            } else {
                planes.append(DepthPlane(layer: child, parentToTarget: space, eye: local.concatenating(eyeSpace),
                                         opacity: opacity, context: c))
            }
        }
    }

    /// The plane's extent in eye space, clipped to w > 0 and divided through; nil when nothing is in front.
    private func eyePolygon(_ plane: DepthPlane) -> Polygon3D? {
        let r = localExtent(of: plane.layer, includeShadow: true)
        guard !r.isNull, r.width.isFinite, r.height.isFinite else { return nil }
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map { x, y in
            let p = plane.eye.apply(x: Double(x), y: Double(y))
            return SIMD4(p.x, p.y, p.z, p.w)
        }
        let clipped = Self.clipToFront(corners)
        guard clipped.count >= 3 else { return nil }
        let points = clipped.map { SIMD3($0.x / $0.w, $0.y / $0.w, $0.z / $0.w) }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else { return nil }
        return Polygon3D(points: points)
    }

    /// The part of a homogeneous polygon with w >= 1e-6 (before the divide, so nothing behind the eye flips).
    static func clipToFront(_ points: [SIMD4<Double>]) -> [SIMD4<Double>] {
        let near = 1e-6
        var out: [SIMD4<Double>] = []
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            if a.w >= near { out.append(a) }
            if (a.w >= near) != (b.w >= near) {
                let t = (near - a.w) / (b.w - a.w)
                out.append(a + (b - a) * t)
            }
        }
        return out
    }

    /// True when `layer` and its visible sublayers certainly draw nothing: no background, border, contents,
    /// drawing, shadow of a shadowPath or content of a specialised type (a shadow without a shadowPath is the
    /// shadow of what the layer draws, so of nothing here). Such a plane is left out of the depth sort: it has
    /// no pixel to order, and as a splitting plane it would only cut the others into masked pieces.
    static func drawsNothing(_ layer: Layer, depth: Int = 0) -> Bool {
        guard depth < 16, type(of: layer) == Layer.self, layer.contentsValue == nil, layer.draw == nil,
              layer.delegate == nil, layer.drawing == nil else { return false }
        if layer.opacityValue <= 0 { return true }
        if layer.shadowOpacityValue > 0, layer.shadowPathValue != nil, (layer.shadowColor?.alpha ?? 0) > 0 { return false }
        if let c = layer.backgroundColor, c.alpha > 0 { return false }
        if layer.borderWidth > 0, let c = layer.borderColor, c.alpha > 0 { return false }
        return layer.sublayersValue.allSatisfy { $0.isHidden || drawsNothing($0, depth: depth + 1) }
    }
}
