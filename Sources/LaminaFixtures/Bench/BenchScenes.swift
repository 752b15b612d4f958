import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// The fixed suite `lamina bench` runs: generated scenes built with the layer API.
///
/// Rules, so results compare across machines, backends and the Skia script:
/// - every scene is seeded by its name less the `@Nx` suffix (`SplitMix64(name:)`), never by time or `Hasher`;
/// - geometry is drawn in pixels of a 1920x1080 canvas and divided by the scale, so a `@2x` scene has the
///   same pixels as its `@1x` twin (960x540 points at scale 2) and the two times isolate the cost of scale
///   handling, not of four times the pixels;
/// - colours are multiples of 1/255 and card sizes whole pixels, so 8-bit renderers see the same values;
/// - a card is one layer (background, corner radius, border, optionally a shadow), so the layer count in a
///   name is the layer count of the tree.
///
/// Rejected: loading scenes from `Tests/Scenes` (parity scenes are small and chosen for coverage, not cost)
/// and random scenes per run (numbers would not compare between runs).
public enum BenchScenes {
    /// The canvas of every suite scene, in pixels.
    public static let canvasPixels = (width: 1920.0, height: 1080.0)
    public static let background = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)
    /// The points of the layer-count sweep (100 000: time and memory stay linear in layers, issue 18).
    public static let layerSweep = [10, 100, 1000, 10_000, 100_000]
    /// The points of the shadow-radius sweep, in points.
    public static let radiusSweep: [Double] = [2, 4, 8, 16, 32, 64]

    /// Every scene of the suite, in the order the table prints them.
    public static var suite: [BenchScene] {
        var all: [BenchScene] = []
        for count in [200, 1000] {
            for scale in [1.0, 2.0] {
                all.append(cards(count: count, scale: scale, shadow: .none))
            }
        }
        for shadow in [ShadowKind.alpha, .path] {
            for count in [200, 1000] { all.append(cards(count: count, scale: 1, shadow: shadow)) }
        }
        all.append(cards(count: 200, scale: 2, shadow: .alpha))
        all.append(freeCards(count: 300, shadow: false))
        all.append(freeCards(count: 200, shadow: true))
        all.append(cards(count: 100_000, scale: 1, shadow: .alpha))
        all += radiusSweep.map(shadowRadius)
        all.append(masks(count: 100))
        all.append(groupOpacity(groups: 40))
        all.append(trilinear(count: 24))
        all.append(gradientCards(count: 300))
        all.append(replicator(count: 1000))
        all.append(textLabels(labels: 40))
        all.append(textLabels(labels: 40, free: true))
        all.append(uiLabels(count: 400))
        all.append(strokes(count: 500))
        all.append(shapeFills(count: 300))
        all += layerSweep.map(layers)
        return all
    }

    /// The suite scene called `name`, if any.
    public static func scene(named name: String) -> BenchScene? { suite.first { $0.name == name } }

    /// How a card casts its shadow.
    public enum ShadowKind: String, Sendable {
        case none
        /// From the layer's alpha: a shape pass, a blur pass and a composite per card.
        case alpha
        /// From `shadowPath` (the card's rounded rect), which spares CA the alpha pass.
        case path
    }

    /// `count` rounded, bordered cards scattered over the canvas, optionally with shadows.
    public static func cards(count: Int, scale: Double, shadow: ShadowKind) -> BenchScene {
        let prefix = shadow == .none ? "cards" : "shadow-\(shadow.rawValue)"
        let name = "\(prefix)-\(count)@\(Int(scale))x"
        let what = shadow == .none ? "" : shadow == .alpha ? ", alpha-derived shadows" : ", shadowPath shadows"
        return BenchScene(name: name, summary: "\(count) rounded bordered cards\(what)", layerCount: count,
                          scale: scale, seed: "\(prefix)-\(count)") { scene, rng in
            for i in 0..<count {
                let card = makeCard(&rng, index: i, scale: scale, size: (80...220, 60...160))
                if shadow != .none { addShadow(to: card, radiusPixels: 8, scale: scale, path: shadow == .path) }
                scene.root.addSublayer(card)
            }
        }
    }

    /// `count` bordered cards at any position and size (fractions of a pixel, as layout and animation leave
    /// them) with radii from 0 to 40 pixels, optionally shadowed: where the whole-pixel cards above share
    /// their edge and corner coverage from card to card, these share none, as a hidden scene's would not.
    public static func freeCards(count: Int, shadow: Bool) -> BenchScene {
        let name = shadow ? "shadow-free-\(count)" : "cards-free-\(count)"
        let what = shadow ? ", alpha-derived shadows" : ""
        return BenchScene(name: name, summary: "\(count) bordered cards at fractional positions and sizes\(what)",
                          layerCount: count, seed: name) { scene, rng in
            for i in 0..<count {
                let w = rng.uniform(60, 220), h = rng.uniform(40, 160)
                let card = Layer()
                card.name = "card\(i)"
                card.frame = CGRect(x: rng.uniform(0, 1920 - w), y: rng.uniform(0, 1080 - h), width: w, height: h)
                styleCard(card, &rng, radius: rng.uniform(0, 40), border: rng.uniform(0.5, 4))
                if shadow { addShadow(to: card, radiusPixels: 8, scale: 1, path: false) }
                scene.root.addSublayer(card)
            }
        }
    }

    /// 50 cards with alpha-derived shadows of one radius (points, at scale 1): the shadow-radius sweep.
    public static func shadowRadius(_ radius: Double) -> BenchScene {
        BenchScene(name: "shadow-radius-\(Int(radius))", summary: "50 cards, alpha-derived shadows of radius \(Int(radius))",
                   layerCount: 50, sweep: .shadowRadius(radius)) { scene, rng in
            for i in 0..<50 {
                let card = makeCard(&rng, index: i, scale: 1, size: (100...220, 80...160))
                addShadow(to: card, radiusPixels: radius, scale: 1, path: false)
                scene.root.addSublayer(card)
            }
        }
    }

    /// `count` cards, each masked by a pill-shaped layer: a masked-content and a mask-alpha pass per card.
    public static func masks(count: Int) -> BenchScene {
        BenchScene(name: "masks-\(count)", summary: "\(count) cards, each with a pill-shaped mask layer",
                   layerCount: 2 * count) { scene, rng in
            for i in 0..<count {
                let card = makeCard(&rng, index: i, scale: 1, size: (100...220, 80...160))
                let mask = Layer()
                let b = card.bounds
                mask.frame = b.insetBy(dx: 6, dy: 6)
                mask.backgroundColor = .white
                mask.cornerRadius = Double(min(mask.bounds.width, mask.bounds.height)) / 2
                card.mask = mask
                scene.root.addSublayer(card)
            }
        }
    }

    /// `groups` groups at opacity 0.8, each holding two overlapping cards and a nested group at opacity 0.6
    /// with two more: two group-opacity passes per group (6 layers per group).
    public static func groupOpacity(groups: Int) -> BenchScene {
        BenchScene(name: "group-opacity-\(groups)", summary: "\(groups) nested groups with opacity (0.8 over 0.6)",
                   layerCount: 6 * groups) { scene, rng in
            for i in 0..<groups {
                let group = Layer()
                group.name = "group\(i)"
                group.frame = CGRect(x: rng.whole(0, 1920 - 260), y: rng.whole(0, 1080 - 200), width: 260, height: 200)
                group.opacity = 0.8
                let inner = Layer()
                inner.frame = CGRect(x: 90, y: 70, width: 170, height: 130)
                inner.opacity = 0.6
                for (parent, origin) in [(group, (0.0, 0.0)), (group, (50.0, 40.0)), (inner, (0.0, 0.0)), (inner, (40.0, 30.0))] {
                    let card = Layer()
                    card.frame = CGRect(x: origin.0, y: origin.1, width: 120, height: 90)
                    styleCard(card, &rng, radius: 12, border: 2)
                    parent.addSublayer(card)
                }
                group.addSublayer(inner)
                scene.root.addSublayer(group)
            }
        }
    }

    /// One generated 2048x2048 image drawn `count` times at 256x256 (1/8 size) with trilinear minification.
    public static func trilinear(count: Int) -> BenchScene {
        BenchScene(name: "trilinear-\(count)", summary: "a 2048x2048 image drawn \(count) times at 1/8 size, trilinear",
                   layerCount: count) { scene, _ in
            let bitmap = Bitmap(image: patternImage(side: 2048), origin: "bench:pattern2048")
            let columns = 7
            for i in 0..<count {
                let layer = Layer()
                layer.name = "image\(i)"
                layer.frame = CGRect(x: 16 + Double(i % columns) * 272, y: 16 + Double(i / columns) * 264,
                                     width: 256, height: 256)
                layer.contentsValue = bitmap
                layer.minificationFilter = .trilinear
                scene.root.addSublayer(layer)
            }
        }
    }

    /// `count` small cards (48x32 px, radius 6, border 1): the layer-count sweep, where per-layer cost dominates.
    public static func layers(_ count: Int) -> BenchScene {
        BenchScene(name: "layers-\(count)", summary: "\(count) small rounded bordered cards", layerCount: count,
                   sweep: .layerCount(count)) { scene, rng in
            for i in 0..<count {
                let card = Layer()
                card.name = "card\(i)"
                card.frame = CGRect(x: rng.whole(0, 1920 - 48), y: rng.whole(0, 1080 - 32), width: 48, height: 32)
                styleCard(card, &rng, radius: 6, border: 1)
                scene.root.addSublayer(card)
            }
        }
    }

    // MARK: Pieces

    /// A card of whole-pixel size and position inside the canvas, styled; geometry divided by `scale`.
    static func makeCard(_ rng: inout SplitMix64, index: Int, scale: Double,
                         size: (ClosedRange<Int>, ClosedRange<Int>)) -> Layer {
        let w = rng.whole(size.0.lowerBound, size.0.upperBound)
        let h = rng.whole(size.1.lowerBound, size.1.upperBound)
        let x = rng.whole(0, 1920 - Int(w)), y = rng.whole(0, 1080 - Int(h))
        let card = Layer()
        card.name = "card\(index)"
        card.frame = CGRect(x: x / scale, y: y / scale, width: w / scale, height: h / scale)
        styleCard(card, &rng, radius: rng.whole(8, 24) / scale, border: rng.whole(1, 4) / scale)
        return card
    }

    /// Background, corner radius and a border of a darker shade.
    static func styleCard(_ card: Layer, _ rng: inout SplitMix64, radius: Double, border: Double) {
        let fill = rng.color8()
        card.backgroundColor = fill
        card.cornerRadius = radius
        card.borderWidth = border
        card.borderColor = Color(red: (fill.red * 153).rounded() / 255, green: (fill.green * 153).rounded() / 255,
                                 blue: (fill.blue * 153).rounded() / 255)
    }

    /// A black shadow at opacity 0.5, offset 4 px down, of `radiusPixels` pixels (divided by scale).
    static func addShadow(to card: Layer, radiusPixels: Double, scale: Double, path: Bool) {
        card.shadowOpacity = 0.5
        card.shadowRadius = radiusPixels / scale
        card.shadowOffset = CGSize(width: 0, height: 4 / scale)
        if path {
            card.shadowPathValue = Path(roundedRect: RoundedRect(rect: card.bounds, radius: card.cornerRadius,
                                                            corners: .all, curve: .circular))
        }
    }

    /// A high-frequency test pattern (a 4-pixel checker over colour ramps), so minification without
    /// mipmaps would alias visibly. Opaque.
    static func patternImage(side: Int) -> Image {
        var image = Image(width: side, height: side)
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<side {
                for x in 0..<side {
                    let i = (y * side + x) * 4
                    let check = ((x >> 2) ^ (y >> 2)) & 1 == 1
                    p[i] = check ? UInt8(truncatingIfNeeded: x >> 3) : 255 &- UInt8(truncatingIfNeeded: y >> 3)
                    p[i + 1] = check ? UInt8(truncatingIfNeeded: y >> 3) : 40
                    p[i + 2] = check ? 200 : UInt8(truncatingIfNeeded: (x + y) >> 4)
                    p[i + 3] = 255
                }
            }
        }
        return image
    }
}
