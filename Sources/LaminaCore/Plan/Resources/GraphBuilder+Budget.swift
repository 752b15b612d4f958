import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// The budget every allocation that input sizes is charged to (`ResourceLimits`): passes, images, path
/// segments, replicated operations and drawn pixels. The first bound crossed is the plan's failure, named
/// at the layer being emitted.
extension GraphBuilder {
    /// Appends `pass`, charging its bytes to the budget; a pass over the side limit or the budget is
    /// recorded as the plan's failure (at the current layer) and kept out of the graph.
    func addPass(_ pass: Pass) {
        if charge(pass) { passes.append(pass) }
    }

    /// Charges `pass` to the budget; false when it crosses a bound (recorded as the plan's failure).
    func charge(_ pass: Pass) -> Bool {
        guard failure == nil else { return false }
        let side = limits.maxPassSide
        guard pass.reason == .canvas || (pass.width <= side && pass.height <= side) else {
            refuse("\(pass.reason.rawValue) pass is \(pass.width)x\(pass.height) pixels, over the \(side)-pixel limit on a pass side")
            return false
        }
        chargedPasses += 1
        guard chargedPasses <= limits.maxPasses else {
            refuse("the frame needs over \(limits.maxPasses) passes (the limit on passes a frame)")
            return false
        }
        let bytes = ResourceLimits.bytes(of: pass)
        chargedBytes += bytes
        guard chargedBytes <= limits.maxMemoryBytes else {
            refuse("\(pass.reason.rawValue) pass (\(pass.width)x\(pass.height)) needs \(formatBytes(bytes)), bringing the frame to \(formatBytes(chargedBytes)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
            return false
        }
        if case .draw(let ops) = pass.content { return admitCoverage(ops, of: pass) }
        return true
    }

    /// Whether the coverage of a pass's path fills fits beside the frame's targets: while a pass is drawn,
    /// the CPU holds one Float a pixel of every path fill's bounds and the GPU one R32F texel in its atlas
    /// (`ResourceLimits.coverageBytes`). Held only while the pass is drawn, so checked, not added to the
    /// frame's total; false (and the plan refused) past the budget.
    func admitCoverage(_ ops: [DrawOp], of pass: Pass) -> Bool {
        let coverage = ResourceLimits.coverageBytes(ops)
        guard chargedBytes + coverage > limits.maxMemoryBytes else { return true }
        refuse("\(pass.reason.rawValue) pass (\(pass.width)x\(pass.height)) holds \(formatBytes(coverage)) of path coverage while it is drawn, bringing the frame to \(formatBytes(chargedBytes + coverage)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
        return false
    }

    /// Charges `count` draw operations (replicator instances); false (and the plan refused) when over the limit.
    func chargeOperations(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        chargedOperations += count
        guard chargedOperations <= limits.maxReplicatedOperations else {
            refuse("replicator instances make over \(limits.maxReplicatedOperations) draw operations in all (the scene's limit on replicated operations)")
            return false
        }
        return true
    }

    /// Charges the pixels `ops` cover (their bounds, weighted by `drawWeight`) to the drawn-pixel limit;
    /// false (and the plan refused) when over it.
    func chargePixels<Ops: Collection<DrawOp>>(_ ops: Ops) -> Bool {
        guard failure == nil else { return false }
        chargedPixels += ops.reduce(0) { $0 + $1.bounds.area * GraphBuilder.drawWeight($1) }
        guard chargedPixels <= limits.maxDrawnPixels else {
            refuse("the layers' draws cover over \(limits.maxDrawnPixels) pixels in all (the scene's limit on drawn pixels, which bounds the time a frame takes)")
            return false
        }
        return true
    }

    /// What a pixel of `op` costs against the drawn-pixel limit, in pixels of an axis-aligned fill: a
    /// texture is sampled per pixel (about 90 ns a pixel through the general sampler on the CPU, against a
    /// few for a fill's spans), a gradient evaluated per pixel, a rotated or projected shape shaded per pixel.
    static func drawWeight(_ op: DrawOp) -> Int {
        switch op.paint {
        case .texture: return 16
        case .gradient: return 4
        case .solid: return LayerGeometry.isAxisAligned(op.transform) ? 1 : 4
        }
    }

    /// Charges `count` flattened path segments; false (and the plan refused) when over the scene's limit.
    func chargeSegments(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        chargedSegments += count
        guard chargedSegments <= limits.maxPathSegments else {
            refuse("paths flatten to over \(limits.maxPathSegments) line segments in all (the scene's path segment limit)")
            return false
        }
        return true
    }

    /// Charges `count` pixels of backing-store drawing to the drawn-pixel limit; false (and the plan
    /// refused) when over it.
    func chargeDrawnPixels(_ count: Int) -> Bool {
        guard failure == nil else { return false }
        chargedPixels += count
        guard chargedPixels <= limits.maxDrawnPixels else {
            refuse("the layers' draws cover over \(limits.maxDrawnPixels) pixels in all (the scene's limit on drawn pixels, which bounds the time a frame takes)")
            return false
        }
        return true
    }

    /// Charges every image (decoded, with its mip chain) once the passes are known.
    func chargeImages() {
        pointer = ""
        for image in images where failure == nil {
            guard let bitmap = image.bitmap else { continue }
            let bytes = ResourceLimits.imageBytes(width: bitmap.width, height: bitmap.height)
            chargedBytes += bytes
            if chargedBytes > limits.maxMemoryBytes {
                refuse("image \(Echo.quoted(bitmap.origin)) (\(bitmap.width)x\(bitmap.height)) brings the frame to \(formatBytes(chargedBytes)), over the \(formatBytes(limits.maxMemoryBytes)) budget")
            }
        }
    }

    /// Records `message` as the plan's failure at the current layer, unless one is recorded already.
    func refuse(_ message: String) {
        if failure == nil { failure = PlanError(pointer: pointer, message: message) }
    }
}
