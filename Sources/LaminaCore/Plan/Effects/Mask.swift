import Foundation
import LaminaGraph
import LaminaGeometry

/// `mask` (ca-semantics.md §4): the layer's whole output, shadow included, multiplied by the alpha of its
/// mask layer, both cut out of the target at their common bounds. Clip shapes a rounded-rect clip cannot
/// hold (continuous corners) go through the same passes (`PassReason.clipShape`).
extension GraphBuilder {
    /// The layer's output multiplied by its mask layer's alpha. The mask is laid out in the layer's
    /// coordinate space and rendered like any layer; only its alpha counts.
    func masked(_ ops: [DrawOp], by mask: Layer, layerToTarget m: Transform3D, context: Context) -> [DrawOp] {
        var maskContext = context
        maskContext.label = context.label + "/mask"
        maskContext.pointer = context.pointer + "/mask"
        maskContext.parentSpace = nil
        let maskOps = emitLayer(mask, parentToTarget: m, context: maskContext)
        if let clipped = clippedByShapeMask(ops, maskOps: maskOps) { return clipped }
        return masked(ops, byOps: maskOps, reason: .maskAlpha, context: context)
    }

    /// `ops` multiplied by the alpha of `maskOps`, both cut out of the target at their common bounds.
    func masked(_ ops: [DrawOp], byOps maskOps: [DrawOp], reason: PassReason, context: Context) -> [DrawOp] {
        let rect = unionBounds(ops).intersection(unionBounds(maskOps)).intersection(context.interest)
        guard let content = offscreen(ops, rect: rect, reason: .maskedContent, label: context.label),
              let alpha = offscreen(maskOps, rect: rect, reason: reason, label: context.label + "/mask")
        else { return [] }
        return [composite(content, rect: rect, mask: alpha, interest: context.interest)]
    }
}
