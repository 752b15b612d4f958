import Foundation
@testable import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// A change of every stored property of every layer class (`testEveryPropertyThatCanChangeAPictureMakesAPlanAgain`).
extension RetainedPlanTests {
    /// A change to one property: which layers have it and how to set it to another value.
    struct Change {
        var applies: (Layer) -> Bool
        var apply: (Layer) -> Void
        init<L: Layer>(_ type: L.Type, _ apply: @escaping (L) -> Void) {
            self.applies = { $0 is L }
            self.apply = { if let l = $0 as? L { apply(l) } }
        }
    }

    static let changes: [String: Change] = [
        "name": Change(Layer.self) { $0.name = "renamed" },
        "bounds": Change(Layer.self) { $0.bounds.size.width += 3 },
        "position": Change(Layer.self) { $0.position.x += 2 },
        "anchorPoint": Change(Layer.self) { $0.anchorPoint = CGPoint(x: 0, y: 0) },
        "anchorPointZ": Change(Layer.self) { $0.anchorPointZ = 4 },
        "zPosition": Change(Layer.self) { $0.zPosition = 3 },
        "transform": Change(Layer.self) { $0.transform = .rotation(0.3, 0, 0, 1) },
        "sublayerTransform": Change(Layer.self) { $0.sublayerTransform = .translation(3, 0) },
        "isGeometryFlipped": Change(Layer.self) { $0.isGeometryFlipped = true },
        "isHidden": Change(Layer.self) { $0.isHidden = true },
        "isDoubleSided": Change(Layer.self) { $0.isDoubleSided = false },
        "opacityValue": Change(Layer.self) { $0.opacityValue = 0.5 },
        "allowsGroupOpacity": Change(Layer.self) { $0.allowsGroupOpacity = false },
        "backgroundColor": Change(Layer.self) { $0.backgroundColor = .green },
        "cornerRadius": Change(Layer.self) { $0.cornerRadius = 9 },
        "maskedCorners": Change(Layer.self) { $0.maskedCorners = [] },
        "cornerCurve": Change(Layer.self) { $0.cornerCurve = .continuous },
        "borderWidth": Change(Layer.self) { $0.borderWidth = 2 },
        "borderColor": Change(Layer.self) { $0.borderColor = .blue },
        "masksToBounds": Change(Layer.self) { $0.masksToBounds = true },
        "allowsEdgeAntialiasing": Change(Layer.self) { $0.allowsEdgeAntialiasing = true },
        "shadowOpacityValue": Change(Layer.self) { $0.shadowOpacityValue = 0.5 },
        "shadowColor": Change(Layer.self) { $0.shadowColor = .red },
        "shadowOffset": Change(Layer.self) { $0.shadowOffset = CGSize(width: 2, height: 2) },
        "shadowRadius": Change(Layer.self) { $0.shadowRadius = 5 },
        "shadowPathValue": Change(Layer.self) { $0.shadowPathValue = Path(rect: CGRect(x: 0, y: 0, width: 5, height: 5)) },
        "contentsValue": Change(Layer.self) { $0.contentsValue = Bitmap(image: Image(width: 2, height: 2)) },
        "contentsGravity": Change(Layer.self) { $0.contentsGravity = .center },
        "contentsRect": Change(Layer.self) { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5) },
        "contentsCenter": Change(Layer.self) { $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) },
        "contentsScale": Change(Layer.self) { $0.contentsScale = 2 },
        "minificationFilter": Change(Layer.self) { $0.minificationFilter = .nearest },
        "magnificationFilter": Change(Layer.self) { $0.magnificationFilter = .nearest },
        "minificationFilterBias": Change(Layer.self) { $0.minificationFilterBias = 1 },
        // Set to nil, as they are: a set counts whatever the value (user drawing is never kept, below).
        "draw": Change(Layer.self) { $0.draw = nil },
        "delegate": Change(Layer.self) { $0.delegate = nil },
        "drawing": Change(Layer.self) { $0.drawing = [.setFillColor(.red)] },
        "beginTime": Change(Layer.self) { $0.beginTime = 1 },
        "timeOffset": Change(Layer.self) { $0.timeOffset = 1 },
        "speed": Change(Layer.self) { $0.speed = 2 },
        "animations": Change(Layer.self) { $0.animations = [] },
        "shouldRasterize": Change(Layer.self) { $0.shouldRasterize = true },
        "needsDisplayOnBoundsChange": Change(Layer.self) { $0.needsDisplayOnBoundsChange = true },
        "isOpaque": Change(Layer.self) { $0.isOpaque = true },
        "drawsAsynchronously": Change(Layer.self) { $0.drawsAsynchronously = true },
        "actions": Change(Layer.self) { $0.actions = [:] },
        "rasterizationScale": Change(Layer.self) { $0.rasterizationScale = 2 },
        "sublayersValue": Change(Layer.self) { $0.sublayersValue = $0.sublayersValue },
        "mask": Change(Layer.self) { $0.mask = $0.mask },
        "pathValue": Change(ShapeLayer.self) { $0.pathValue = Path(rect: CGRect(x: 0, y: 0, width: 9, height: 9)) },
        "fillColor": Change(ShapeLayer.self) { $0.fillColor = .green },
        "fillRule": Change(ShapeLayer.self) { $0.fillRule = .evenOdd },
        "strokeColor": Change(ShapeLayer.self) { $0.strokeColor = .red },
        "lineWidth": Change(ShapeLayer.self) { $0.lineWidth = 3 },
        "lineCap": Change(ShapeLayer.self) { $0.lineCap = .round },
        "lineJoin": Change(ShapeLayer.self) { $0.lineJoin = .bevel },
        "miterLimit": Change(ShapeLayer.self) { $0.miterLimit = 2 },
        "lineDashPatternValue": Change(ShapeLayer.self) { $0.lineDashPatternValue = [2, 1] },
        "lineDashPhase": Change(ShapeLayer.self) { $0.lineDashPhase = 1 },
        "strokeStart": Change(ShapeLayer.self) { $0.strokeStart = 0.2 },
        "strokeEnd": Change(ShapeLayer.self) { $0.strokeEnd = 0.8 },
        "colorsValue": Change(GradientLayer.self) { $0.colorsValue = [.green, .blue] },
        "locationsValue": Change(GradientLayer.self) { $0.locationsValue = [0.2, 0.9] },
        "startPoint": Change(GradientLayer.self) { $0.startPoint = CGPoint(x: 0, y: 0) },
        "endPoint": Change(GradientLayer.self) { $0.endPoint = CGPoint(x: 1, y: 1) },
        "gradientType": Change(GradientLayer.self) { $0.gradientType = .radial },
        "instanceCount": Change(ReplicatorLayer.self) { $0.instanceCount = 2 },
        "instanceTransform": Change(ReplicatorLayer.self) { $0.instanceTransform = .translation(0, 9) },
        "instanceColor": Change(ReplicatorLayer.self) { $0.instanceColor = .red },
        "instanceRedOffsetValue": Change(ReplicatorLayer.self) { $0.instanceRedOffsetValue = -0.2 },
        "instanceGreenOffsetValue": Change(ReplicatorLayer.self) { $0.instanceGreenOffsetValue = -0.2 },
        "instanceBlueOffsetValue": Change(ReplicatorLayer.self) { $0.instanceBlueOffsetValue = -0.2 },
        "instanceAlphaOffsetValue": Change(ReplicatorLayer.self) { $0.instanceAlphaOffsetValue = -0.2 },
        "preservesDepth": Change(ReplicatorLayer.self) { $0.preservesDepth = true },
        "instanceDelay": Change(ReplicatorLayer.self) { $0.instanceDelay = 0.5 },
        "stringValue": Change(TextLayer.self) { $0.stringValue = "Ho" },
        "attributedString": Change(TextLayer.self) { $0.attributedString = [.init("Yo")] },
        "fontValue": Change(TextLayer.self) { $0.fontValue = "Courier" },
        "fontSize": Change(TextLayer.self) { $0.fontSize = 14 },
        "foregroundColor": Change(TextLayer.self) { $0.foregroundColor = .red },
        "alignmentMode": Change(TextLayer.self) { $0.alignmentMode = .center },
        "isWrapped": Change(TextLayer.self) { $0.isWrapped = true },
        "truncationMode": Change(TextLayer.self) { $0.truncationMode = .end },
        "scrollMode": Change(ScrollLayer.self) { $0.scrollMode = .vertically },
    ]
}
