import Foundation
import LaminaGeometry
import LaminaGraph

extension AnimatedKeyPath {
    /// Saves the stored property the key path `name` writes on `layer` (its root: `transform` for
    /// `transform.rotation.z`, `bounds` for `bounds.size.width`, `opacityValue` for `opacity`) and returns
    /// what writes it back as it was; nil for a name without a root here or a layer without the property.
    ///
    /// `set` clamps (an opacity to 0...1, a radius to 0 and more) and recomposes (a transform's piece through
    /// the matrix's decomposition), so putting a model value back through `set` could leave the model other
    /// than it was: a layer's opacity of 1.5 came back as 1, a sheared transform rebuilt. A plan must leave
    /// the model exactly as it found it (`Presentation.restore`): what the next frame plans, and what a kept
    /// plan (`RetainedPlan`) stands for, is that model. `AnimatedKeyPathRawTests` checks every key path has
    /// its root.
    static func rawRestorer(of name: String, on layer: Layer) -> (() -> Void)? {
        let root = name.prefix { $0 != "." }
        switch root {
        case "position": return restorer(\Layer.position, layer)
        case "bounds": return restorer(\Layer.bounds, layer)
        case "anchorPoint": return restorer(\Layer.anchorPoint, layer)
        case "zPosition": return restorer(\Layer.zPosition, layer)
        case "opacity": return restorer(\Layer.opacityValue, layer)
        case "hidden": return restorer(\Layer.isHidden, layer)
        case "backgroundColor": return restorer(\Layer.backgroundColor, layer)
        case "cornerRadius": return restorer(\Layer.cornerRadius, layer)
        case "borderWidth": return restorer(\Layer.borderWidth, layer)
        case "borderColor": return restorer(\Layer.borderColor, layer)
        case "shadowOpacity": return restorer(\Layer.shadowOpacityValue, layer)
        case "shadowRadius": return restorer(\Layer.shadowRadius, layer)
        case "shadowOffset": return restorer(\Layer.shadowOffset, layer)
        case "shadowColor": return restorer(\Layer.shadowColor, layer)
        case "shadowPath": return restorer(\Layer.shadowPathValue, layer)
        case "contentsRect": return restorer(\Layer.contentsRect, layer)
        case "transform": return restorer(\Layer.transform, layer)
        case "sublayerTransform": return restorer(\Layer.sublayerTransform, layer)
        default: return specializedRestorer(of: String(root), on: layer)
        }
    }

    /// `rawRestorer` for the specialized layers' key paths.
    private static func specializedRestorer(of root: String, on layer: Layer) -> (() -> Void)? {
        switch root {
        case "path": return restorer(\ShapeLayer.pathValue, layer)
        case "fillColor": return restorer(\ShapeLayer.fillColor, layer)
        case "strokeColor": return restorer(\ShapeLayer.strokeColor, layer)
        case "lineWidth": return restorer(\ShapeLayer.lineWidth, layer)
        case "strokeStart": return restorer(\ShapeLayer.strokeStart, layer)
        case "strokeEnd": return restorer(\ShapeLayer.strokeEnd, layer)
        case "lineDashPhase": return restorer(\ShapeLayer.lineDashPhase, layer)
        case "miterLimit": return restorer(\ShapeLayer.miterLimit, layer)
        case "colors": return restorer(\GradientLayer.colorsValue, layer)
        case "locations": return restorer(\GradientLayer.locationsValue, layer)
        case "startPoint": return restorer(\GradientLayer.startPoint, layer)
        case "endPoint": return restorer(\GradientLayer.endPoint, layer)
        case "instanceColor": return restorer(\ReplicatorLayer.instanceColor, layer)
        case "instanceRedOffset": return restorer(\ReplicatorLayer.instanceRedOffsetValue, layer)
        case "instanceGreenOffset": return restorer(\ReplicatorLayer.instanceGreenOffsetValue, layer)
        case "instanceBlueOffset": return restorer(\ReplicatorLayer.instanceBlueOffsetValue, layer)
        case "instanceAlphaOffset": return restorer(\ReplicatorLayer.instanceAlphaOffsetValue, layer)
        case "foregroundColor": return restorer(\TextLayer.foregroundColor, layer)
        case "fontSize": return restorer(\TextLayer.fontSize, layer)
        default: return nil
        }
    }

    private static func restorer<L: Layer, V>(_ path: ReferenceWritableKeyPath<L, V>, _ layer: Layer) -> (() -> Void)? {
        guard let l = layer as? L else { return nil }
        let value = l[keyPath: path]
        return { l[keyPath: path] = value }
    }
}
