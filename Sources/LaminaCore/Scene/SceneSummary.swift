import Foundation

/// What a decoded scene contains, for `lamina check`: sizes, layer types, the features in use and images.
///
/// Features are counted per layer, so a reader can tell at a glance which Core Animation rules a scene
/// exercises (and which offscreen passes the planner will need: group opacity, masks, shadows, rasterization).
public struct SceneSummary: Sendable, Equatable {
    public var canvasWidth: Double
    public var canvasHeight: Double
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Layers in the tree, masks included, the implicit root excluded.
    public var layerCount: Int
    /// Deepest nesting (a root sublayer is depth 1; a mask is one deeper than its owner).
    public var maxDepth: Int
    /// Layer count per type name (`layer`, `shape`, ...).
    public var typeCounts: [String: Int]
    /// Number of layers using each feature (`cornerRadius`, `mask`, `shadow`, `groupOpacity`, ...).
    public var features: [String: Int]
    /// Distinct images: where each came from and its size in pixels.
    public var images: [ImageInfo]
    public var tolerance: Tolerance?
    public var sceneDescription: String?
    /// Animations, groups' children included, and the key paths they move.
    public var animationCount = 0
    public var animatedKeyPaths: Set<String> = []
    /// When the animations run, in scene time (upper bound infinite for one that repeats for ever); nil
    /// without animations.
    public var animationSpan: (start: Double, end: Double)?
    /// The moment the scene is drawn at without `--time`.
    public var time: Double?

    public struct ImageInfo: Sendable, Equatable {
        public var origin: String
        public var width: Int
        public var height: Int
    }

    public init(scene: Scene) {
        canvasWidth = scene.width; canvasHeight = scene.height; scale = scene.scale
        pixelWidth = scene.pixelWidth; pixelHeight = scene.pixelHeight
        layerCount = 0; maxDepth = 0; typeCounts = [:]; features = [:]; images = []
        tolerance = scene.tolerance; sceneDescription = scene.sceneDescription; time = scene.time
        var seen = Set<ObjectIdentifier>()
        for layer in scene.root.sublayersValue { visit(layer, depth: 1, seen: &seen, clock: (1, 0)) }
    }

    public static func == (a: SceneSummary, b: SceneSummary) -> Bool {
        a.text == b.text
    }

    /// Counts `l`'s animations and widens the span by when they run; `clock` maps scene time to the
    /// parent's local time (local = scale x t + offset).
    private mutating func count(_ l: Layer, clock: (scale: Double, offset: Double)) {
        func walk(_ list: [LayerAnimation], base: Double) {
            for a in list {
                animationCount += 1
                if let path = a.keyPath { animatedKeyPaths.insert(path.name) }
                // In the layer's local time: from the animation's beginTime for its active duration.
                let start = base + a.timing.beginTime, end = start + a.timing.activeDuration
                if clock.scale != 0 {
                    let s = (start - clock.offset) / clock.scale, e = end.isFinite ? (end - clock.offset) / clock.scale : .infinity
                    let (lo, hi) = (min(s, e), max(s, e))
                    animationSpan = animationSpan.map { (min($0.start, lo), max($0.end, hi)) } ?? (lo, hi)
                }
                if case .group(let children) = a.kind { walk(children, base: start) }
            }
        }
        walk(l.animations, base: 0)
    }

    private mutating func visit(_ l: Layer, depth: Int, seen: inout Set<ObjectIdentifier>, clock: (scale: Double, offset: Double)) {
        // local = (parent - beginTime) x speed + timeOffset, with parent = scale x t + offset.
        let mine = (clock.scale * l.speed, (clock.offset - l.beginTime) * l.speed + l.timeOffset)
        count(l, clock: mine)
        layerCount += 1
        maxDepth = max(maxDepth, depth)
        typeCounts[l.typeName, default: 0] += 1
        for feature in SceneSummary.features(of: l) { features[feature, default: 0] += 1 }
        var bitmaps = l.contentsValue.map { [$0] } ?? []
        for case .drawImage(let image, _) in l.drawing ?? [] { bitmaps.append(image.bitmap) }
        for b in bitmaps where seen.insert(ObjectIdentifier(b)).inserted {
            images.append(ImageInfo(origin: b.origin, width: b.width, height: b.height))
        }
        if let m = l.mask { visit(m, depth: depth + 1, seen: &seen, clock: mine) }
        for s in l.sublayersValue { visit(s, depth: depth + 1, seen: &seen, clock: mine) }
    }

    /// The features one layer uses, by the names the summary prints.
    static func features(of l: Layer) -> [String] {
        var f: [String] = []
        func add(_ name: String, _ used: Bool) { if used { f.append(name) } }
        add("cornerRadius", l.cornerRadius > 0)
        add("continuousCorners", l.cornerRadius > 0 && l.cornerCurve == .continuous)
        add("masksToBounds", l.masksToBounds)
        add("mask", l.mask != nil)
        add("border", l.borderWidth > 0 && (l.borderColor?.alpha ?? 0) > 0)
        add("shadow", l.shadowOpacityValue > 0 && (l.shadowColor?.alpha ?? 0) > 0)
        add("shadowPath", l.shadowPathValue != nil)
        add("opacity", l.opacityValue < 1)
        add("groupOpacity", l.opacityValue < 1 && l.allowsGroupOpacity && !l.sublayersValue.isEmpty)
        add("hidden", l.isHidden)
        add("shouldRasterize", l.shouldRasterize)
        add("contents", l.contentsValue != nil)
        add("customDrawing", l.hasCustomDrawing)
        add("nineSlice", l.contentsValue != nil && l.contentsCenter != CGRect(x: 0, y: 0, width: 1, height: 1))
        add("contentsRect", l.contentsValue != nil && l.contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1))
        add("transform", !l.transform.isIdentity)
        add("3DTransform", !l.transform.isAffine || !l.sublayerTransform.isAffine)
        add("sublayerTransform", !l.sublayerTransform.isIdentity)
        add("zPosition", l.zPosition != 0)
        add("geometryFlipped", l.isGeometryFlipped)
        add("boundsOrigin", l.bounds.origin != .zero)
        add("singleSided", !l.isDoubleSided)
        add("edgeAntialiasing", l.allowsEdgeAntialiasing)
        return f
    }

    /// The summary as a few lines of text that fit on one screen.
    public var text: String {
        var lines: [String] = []
        if let d = sceneDescription { lines.append(d) }
        lines.append("canvas    \(formatNumber(canvasWidth)) x \(formatNumber(canvasHeight)) pt at scale \(formatNumber(scale)) = \(pixelWidth) x \(pixelHeight) px")
        lines.append("layers    \(layerCount), max depth \(maxDepth)")
        if !typeCounts.isEmpty {
            lines.append("types     " + typeCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        lines.append("features  " + (features.isEmpty ? "none"
            : features.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        if images.isEmpty {
            lines.append("images    none")
        } else {
            lines.append("images    \(images.count)")
            for i in images { lines.append("  \(i.width) x \(i.height)  \(i.origin)") }
        }
        if animationCount > 0 {
            let span = animationSpan.map { " from \(formatNumber($0.start)) s to " + ($0.end.isFinite ? "\(formatNumber($0.end)) s" : "for ever") } ?? ""
            lines.append("animations \(animationCount)\(span): " + animatedKeyPaths.sorted().joined(separator: ", "))
        }
        if let t = time { lines.append("time      \(formatNumber(t)) s") }
        if let t = tolerance {
            lines.append("tolerance fuzzy(\(t.maxDiff), \(t.maxPixels))" + (t.reason.map { ": \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
