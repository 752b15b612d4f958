import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// A Core Animation layer: CALayer's properties, defaults and geometry rules.
///
/// The class is named and shaped like CALayer so the book's listings port line by line
/// (`layer.cornerRadius = 20; layer.masksToBounds = true`). Layers have identity (a layer sits in one tree),
/// so this is a class; everything the planner produces from it is a value type.
open class Layer {
    public var name: String?

    // MARK: Geometry (CALayer.h defaults)
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: Double = 0
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var isGeometryFlipped = false
    public var isHidden = false
    public var isDoubleSided = true

    // MARK: Appearance
    public var opacity: Double = 1
    public var allowsGroupOpacity = true
    public var backgroundColor: Color?
    public var cornerRadius: Double = 0
    public var maskedCorners: CornerMask = .all
    public var cornerCurve: CornerCurve = .circular
    public var borderWidth: Double = 0
    public var borderColor: Color? = .black
    public var masksToBounds = false
    public var allowsEdgeAntialiasing = false

    // MARK: Shadow
    public var shadowOpacity: Double = 0
    public var shadowColor: Color? = .black
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: Double = 3
    public var shadowPath: Path?

    // MARK: Contents
    public var contents: Bitmap?
    public var contentsGravity: ContentsGravity = .resize
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: Double = 1
    public var minificationFilter: ContentsFilter = .linear
    public var magnificationFilter: ContentsFilter = .linear
    public var minificationFilterBias: Double = 0

    // MARK: Custom drawing (the backing store, ca-semantics.md §7)
    /// Draws the layer's backing store, as `drawLayer:inContext:` does: run once when the layer is planned,
    /// recording `DrawingContext` calls. The store (bounds x contentsScale pixels) replaces `contents`.
    public var draw: ((DrawingContext) -> Void)?
    /// CALayerDelegate's role: asked to draw the backing store when `draw` is nil. Held weakly, as in CA.
    public weak var delegate: LayerDelegate?
    /// Recorded drawing commands (a scene's `drawing` key), used when neither `draw` nor `delegate` is set.
    public var drawing: [DrawingCommand]?

    // MARK: Rasterization
    /// CAMediaTiming on the layer: its local time is `(parent's time - beginTime) * speed + timeOffset`
    /// (`Presentation`); `speed` 0 with a `timeOffset` pauses the subtree at that moment.
    public var beginTime: Double = 0
    public var timeOffset: Double = 0
    public var speed: Double = 1
    /// The animations added to the layer, in order (`add(_:forKey:)`).
    public var animations: [LayerAnimation] = []

    public var shouldRasterize = false
    public var rasterizationScale: Double = 1

    // MARK: Tree
    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?
    /// A layer whose alpha masks this one, laid out in this layer's coordinate space.
    public var mask: Layer? {
        didSet { oldValue?.superlayer = nil; mask?.superlayer = self }
    }

    public init() {}

    /// CALayer's `frame`: the bounding box of the transformed bounds in the superlayer's space.
    ///
    /// Setting it sets `position` (through `anchorPoint`) and `bounds.size`, keeps `bounds.origin`, and
    /// standardises negative sizes, as CALayer's setter does. With a non-identity transform the setter
    /// keeps CA's behaviour of treating the new frame as the untransformed rect.
    public var frame: CGRect {
        get {
            let w = Double(bounds.width), h = Double(bounds.height)
            let ax = Double(anchorPoint.x) * w, ay = Double(anchorPoint.y) * h
            let local = Transform3D.translation(-ax, -ay, -anchorPointZ)
                .concatenating(transform)
                .concatenating(.translation(Double(position.x), Double(position.y), zPosition))
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for (x, y) in [(0.0, 0.0), (w, 0), (0, h), (w, h)] {
                let p = local.apply(x: x, y: y)
                let px = p.x / p.w, py = p.y / p.w
                minX = min(minX, px); minY = min(minY, py); maxX = max(maxX, px); maxY = max(maxY, py)
            }
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        set {
            let r = newValue.standardized
            bounds.size = r.size
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
        }
    }

    public func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        sublayers.append(layer)
        layer.superlayer = self
    }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: max(0, min(index, sublayers.count)))
        layer.superlayer = self
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if parent.mask === self { parent.mask = nil; return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// The CA-style type name of this layer (`layer`, `shape`, ...), as scenes spell it.
    open var typeName: String { "layer" }
}

/// `contentsGravity`. As in Core Animation, `top` means maximum Y (the visual bottom on iOS unless the
/// layer is geometry-flipped) and `bottom` means minimum Y.
public enum ContentsGravity: String, Sendable, Hashable, Codable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}
