import Foundation

extension Layer {
    /// Copies CALayer's own model properties from `other` (`init(layer:)`): everything but the tree (sublayers,
    /// superlayer, mask) and a specialized layer's own properties.
    func copyCALayerProperties(from other: Layer) {
        name = other.name
        bounds = other.bounds; position = other.position
        anchorPoint = other.anchorPoint; anchorPointZ = other.anchorPointZ; zPosition = other.zPosition
        transform = other.transform; sublayerTransform = other.sublayerTransform
        isGeometryFlipped = other.isGeometryFlipped; isHidden = other.isHidden; isDoubleSided = other.isDoubleSided
        opacityValue = other.opacityValue; allowsGroupOpacity = other.allowsGroupOpacity
        backgroundColor = other.backgroundColor
        cornerRadius = other.cornerRadius; maskedCorners = other.maskedCorners; cornerCurve = other.cornerCurve
        borderWidth = other.borderWidth; borderColor = other.borderColor
        masksToBounds = other.masksToBounds; allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
        shadowOpacityValue = other.shadowOpacityValue; shadowColor = other.shadowColor
        shadowOffset = other.shadowOffset; shadowRadius = other.shadowRadius; shadowPathValue = other.shadowPathValue
        contentsValue = other.contentsValue; contentsGravity = other.contentsGravity
        contentsRect = other.contentsRect; contentsCenter = other.contentsCenter; contentsScale = other.contentsScale
        minificationFilter = other.minificationFilter; magnificationFilter = other.magnificationFilter
        minificationFilterBias = other.minificationFilterBias
        draw = other.draw; delegate = other.delegate; drawing = other.drawing
        beginTime = other.beginTime; timeOffset = other.timeOffset; speed = other.speed
        animations = other.animations; addedAnimations = other.addedAnimations
        shouldRasterize = other.shouldRasterize; rasterizationScale = other.rasterizationScale
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange; isOpaque = other.isOpaque
        drawsAsynchronously = other.drawsAsynchronously; actions = other.actions
    }
}
