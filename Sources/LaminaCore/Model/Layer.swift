import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// A Core Animation layer: CALayer's properties, defaults and geometry rules.
///
/// The class is named and shaped like CALayer so the book's listings port line by line
/// (`layer.cornerRadius = 20; layer.masksToBounds = true`). Layers have identity (a layer sits in one tree),
/// so this is a class; everything the planner produces from it is a value type.
///
/// The properties that hold plain values (numbers, flags, rects, maps, colours) are stored without Swift's
/// run-time exclusivity check (`@exclusivity(unchecked)`): the planner reads them dozens of times a layer,
/// and the checks took a fifth of planning 10 000 cards. That removes the diagnostic of an overlapping
/// access to them (`swap(&layer.bounds, &layer.bounds)`), which stays undefined behaviour as ever; the
/// properties that hold references, arrays, strings or paths keep the check. A layer tree is not
/// thread-safe: mutate it on one thread, and not while it is planned.
///
/// Every public stored property that can change a picture counts its changes in `revision` (`didSet`), and
/// so does the sublayer list: a planner that kept the last plan of a tree (`RetainedPlan`) knows from the
/// revisions alone whether the tree is still the one it planned.
open class Layer {
    /// How many times a property of this layer that can change the picture was set (wrapping): a layer
    /// whose revision is the one a plan saw draws as it did then, but for its sublayers' own revisions.
    @exclusivity(unchecked) public internal(set) var revision: UInt64 = 0

    /// Counts a change of a property (`revision`).
    @inline(__always) final func changed() { revision &+= 1 }

    public var name: String? { didSet { changed() } }

    // MARK: Geometry (CALayer.h defaults)
    @exclusivity(unchecked) public var bounds: CGRect = .zero { didSet { changed() } }
    @exclusivity(unchecked) public var position: CGPoint = .zero { didSet { changed() } }
    @exclusivity(unchecked) public var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { changed() } }
    @exclusivity(unchecked) public var anchorPointZ: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var zPosition: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var transform: Transform3D = .identity { didSet { changed() } }
    @exclusivity(unchecked) public var sublayerTransform: Transform3D = .identity { didSet { changed() } }
    @exclusivity(unchecked) public var isGeometryFlipped = false { didSet { changed() } }
    @exclusivity(unchecked) public var isHidden = false { didSet { changed() } }
    @exclusivity(unchecked) public var isDoubleSided = true { didSet { changed() } }

    // MARK: Appearance
    /// The layer's opacity as Lamina holds it (Double: a scene's value, exactly); `opacity` is CALayer's
    /// Float spelling of the same value.
    @exclusivity(unchecked) public var opacityValue: Double = 1 { didSet { changed() } }
    @exclusivity(unchecked) public var allowsGroupOpacity = true { didSet { changed() } }
    @exclusivity(unchecked) public var backgroundColor: Color? { didSet { changed() } }
    @exclusivity(unchecked) public var cornerRadius: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var maskedCorners: CornerMask = .all { didSet { changed() } }
    @exclusivity(unchecked) public var cornerCurve: CornerCurve = .circular { didSet { changed() } }
    @exclusivity(unchecked) public var borderWidth: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var borderColor: Color? = .black { didSet { changed() } }
    @exclusivity(unchecked) public var masksToBounds = false { didSet { changed() } }
    @exclusivity(unchecked) public var allowsEdgeAntialiasing = false { didSet { changed() } }

    // MARK: Shadow
    /// The shadow's opacity as Lamina holds it (Double); `shadowOpacity` is CALayer's Float spelling.
    @exclusivity(unchecked) public var shadowOpacityValue: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var shadowColor: Color? = .black { didSet { changed() } }
    @exclusivity(unchecked) public var shadowOffset = CGSize(width: 0, height: -3) { didSet { changed() } }
    @exclusivity(unchecked) public var shadowRadius: Double = 3 { didSet { changed() } }
    /// The shadow's shape as a Lamina `Path`; `shadowPath` is CALayer's `CGPath` spelling of the same value.
    public var shadowPathValue: Path? { didSet { changed() } }

    // MARK: Contents
    /// The image `contents` holds, as the renderers read it; `contents` is CALayer's `Any?` spelling.
    public var contentsValue: Bitmap? { didSet { changed() } }
    @exclusivity(unchecked) public var contentsGravity: ContentsGravity = .resize { didSet { changed() } }
    @exclusivity(unchecked) public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) { didSet { changed() } }
    @exclusivity(unchecked) public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) { didSet { changed() } }
    @exclusivity(unchecked) public var contentsScale: Double = 1 { didSet { changed() } }
    @exclusivity(unchecked) public var minificationFilter: ContentsFilter = .linear { didSet { changed() } }
    @exclusivity(unchecked) public var magnificationFilter: ContentsFilter = .linear { didSet { changed() } }
    @exclusivity(unchecked) public var minificationFilterBias: Double = 0 { didSet { changed() } }

    // MARK: Custom drawing (the backing store, ca-semantics.md §7)
    /// Draws the layer's backing store, as `drawLayer:inContext:` does: run once when the layer is planned,
    /// recording `DrawingContext` calls. The store (bounds x contentsScale pixels) replaces `contents`.
    public var draw: ((DrawingContext) -> Void)? { didSet { changed() } }
    /// CALayerDelegate's role: asked to draw the backing store when neither `draw` nor an override of
    /// `draw(in:)` draws. Held weakly, as in CA.
    public weak var delegate: LayerDelegate? { didSet { changed() } }
    /// Recorded drawing commands (a scene's `drawing` key), used when neither `draw` nor `delegate` is set.
    public var drawing: [DrawingCommand]? { didSet { changed() } }

    // MARK: Rasterization
    /// CAMediaTiming on the layer: its local time is `(parent's time - beginTime) * speed + timeOffset`
    /// (`Presentation`); `speed` 0 with a `timeOffset` pauses the subtree at that moment.
    @exclusivity(unchecked) public var beginTime: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var timeOffset: Double = 0 { didSet { changed() } }
    @exclusivity(unchecked) public var speed: Double = 1 { didSet { changed() } }
    /// The animations added to the layer, in order (`add(_:forKey:)`).
    public var animations: [LayerAnimation] = [] { didSet { changed() } }

    @exclusivity(unchecked) public var shouldRasterize = false { didSet { changed() } }
    // CALayer's flags that change nothing Lamina draws: backing stores are drawn when the layer is rendered,
    // implicit animations have no clock to run on, and every layer is composited as if it were transparent.
    /// Whether bounds changes should redraw the backing store (Lamina draws it at every render anyway).
    public var needsDisplayOnBoundsChange = false { didSet { changed() } }
    /// A promise that the layer is opaque; Lamina composites it as any other layer.
    public var isOpaque = false { didSet { changed() } }
    public var drawsAsynchronously = false { didSet { changed() } }
    /// The layer's actions by key, as CALayer holds them (`["position": NSNull()]`); Lamina has no implicit
    /// animations, so none is run.
    public var actions: [String: Any]? { didSet { changed() } }
    /// Set by `setNeedsDisplay()`, cleared by `display()`.
    public internal(set) var needsDisplayFlag = false
    @exclusivity(unchecked) public var rasterizationScale: Double = 1 { didSet { changed() } }

    // MARK: Tree
    /// The sublayers in order, never nil: Lamina's spelling of `sublayers` (which is nil when there are none).
    public internal(set) var sublayersValue: [Layer] = [] { didSet { changed() } }
    public internal(set) weak var superlayer: Layer?
    /// A layer whose alpha masks this one, laid out in this layer's coordinate space.
    public var mask: Layer? {
        didSet { oldValue?.superlayer = nil; mask?.superlayer = self; changed() }
    }

    public init() {}

    /// CALayer's `init(layer:)`, which Core Animation calls to make presentation copies and which subclasses
    /// override: a layer with `layer`'s own CALayer properties (geometry, appearance, contents, timing and
    /// animations; not its sublayers, mask or superlayer). A specialized layer's own properties (a shape's
    /// path, a gradient's colours) are not copied; a subclass copies what it adds, as on iOS.
    public init(layer: Any) {
        if let other = layer as? Layer { copyCALayerProperties(from: other) }
    }

    /// The `CAAnimation` objects added by key (`animation(forKey:)`); what draws is `animations`.
    var addedAnimations: [String: AnyObject] = [:]

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
        sublayersValue.append(layer)
        layer.superlayer = self
    }

    /// Inserts `layer` at `index` (clamped to the sublayers' range), first removing it from its superlayer.
    public func insertSublayer<Index: BinaryInteger>(_ layer: Layer, at index: Index) {
        layer.removeFromSuperlayer()
        let i = Int(clamping: index)
        sublayersValue.insert(layer, at: max(0, min(i, sublayersValue.count)))
        layer.superlayer = self
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if parent.mask === self { parent.mask = nil; return }
        parent.sublayersValue.removeAll { $0 === self }
        superlayer = nil
    }

    /// CALayer's `draw(in:)`: draws the backing store into `ctx` (the layer's bounds in points, y down).
    ///
    /// Override it in a subclass to draw, as on iOS; the default asks the delegate's `draw(_:in:)`. Lamina
    /// calls it each time the layer is rendered (iOS waits for `setNeedsDisplay()`), unless a `draw` closure
    /// is set, which is drawn instead.
    open func draw(in ctx: DrawingContext) {
        ctx.reachedDefaultDraw = true
        if !ctx.isProbe { delegate?.draw(self, in: ctx) }
    }

    // MARK: CALayer's overridable methods (in the class body: Swift cannot override extension members)

    /// Lays out the sublayers; the default asks the delegate's `layoutSublayers(of:)`. Override it in a
    /// subclass, as on iOS: `Lamina.render` lays out every layer of the tree, parents first, before drawing.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Sets the layer's contents; the default asks the delegate's `display(_:)`. `Lamina.render` calls it
    /// for the layers marked with `setNeedsDisplay()`, as iOS does before a frame.
    open func display() {
        needsDisplayFlag = false
        delegate?.display(self)
    }

    /// The layer's action for `event`: the delegate's `action(for:forKey:)`; nil without a delegate (Lamina
    /// makes no implicit animations).
    open func action(forKey event: String) -> CAAction? { delegate?.action(for: self, forKey: event) }

    /// Core Animation's default action for a key: none in Lamina.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Whether changing `key` redraws the layer: false for CALayer's own keys (a subclass's custom drawing is
    /// recorded at every render, so its own keys redraw anyway).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// CALayer's `preferredFrameSize()`: the bounds' size.
    open func preferredFrameSize() -> CGSize { bounds.size }

    /// The CA-style type name of this layer (`layer`, `shape`, ...), as scenes spell it.
    open var typeName: String { "layer" }
}

/// `contentsGravity`. As in Core Animation, `top` means maximum Y (the visual bottom on iOS unless the
/// layer is geometry-flipped) and `bottom` means minimum Y.
public enum ContentsGravity: String, Sendable, Hashable, Codable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}
