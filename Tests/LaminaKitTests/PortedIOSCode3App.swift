import LaminaKit

// App and drawing code written as for iOS (only the import differs): attributed labels with paragraph
// styles, weighted and monospaced-digit fonts, semantic and dynamic colours, and CoreGraphics gradients.

extension UIColor {
    /// A brand colour with a dark-mode variant, resolved by the trait collection.
    static let brandAccent = UIColor { traits in
        traits.userInterfaceStyle == .dark
            ? UIColor(red: 1.0, green: 0.6, blue: 0.2, alpha: 1)
            : UIColor(red: 0.8, green: 0.2, blue: 0.0, alpha: 1)
    }

    static let cardBackground = UIColor(dynamicProvider: { traits in
        switch traits.userInterfaceStyle {
        case .dark: return .secondarySystemBackground
        default: return .systemBackground
        }
    })
}

func makePriceLabel(price: String, caption: String) -> CATextLayer {
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = .right
    paragraph.lineBreakMode = .byTruncatingTail
    paragraph.lineSpacing = 2

    let text = NSMutableAttributedString(string: price + "\n" + caption)
    let whole = NSRange(location: 0, length: text.length)
    text.addAttribute(.paragraphStyle, value: paragraph, range: whole)
    text.addAttribute(.foregroundColor, value: UIColor.label, range: whole)
    text.addAttribute(.font, value: UIFont.monospacedDigitSystemFont(ofSize: 28, weight: .semibold),
                      range: NSRange(location: 0, length: (price as NSString).length))
    text.addAttributes([.font: UIFont.systemFont(ofSize: 14, weight: .regular),
                        .foregroundColor: UIColor.secondaryLabel],
                       range: NSRange(location: (price as NSString).length + 1, length: (caption as NSString).length))

    let label = CATextLayer()
    label.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
    label.string = text
    label.isWrapped = true
    label.contentsScale = 2
    label.backgroundColor = UIColor.brandAccent.withAlphaComponent(0.1).cgColor
    return label
}

func makeCenteredCaption() -> CATextLayer {
    let style = NSParagraphStyle.default.mutableCopy() as? NSMutableParagraphStyle ?? NSMutableParagraphStyle()
    style.alignment = .center
    let label = CATextLayer()
    label.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
    label.string = NSAttributedString(string: "Centered", attributes: [
        .font: UIFont.boldSystemFont(ofSize: 20),
        .foregroundColor: UIColor.black,
        .paragraphStyle: style,
    ])
    label.backgroundColor = UIColor.white.cgColor
    return label
}

/// Swatches of the semantic colours an app's settings screen uses, top to bottom.
func makeSemanticSwatches() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 60, height: 120)
    let colors: [UIColor] = [.systemGroupedBackground, .tertiarySystemFill, .quaternaryLabel, .link,
                             .brandAccent, .cardBackground]
    var slot = root.bounds
    for color in colors {
        let (swatch, rest) = slot.divided(atDistance: 20, from: .minYEdge)
        let layer = CALayer()
        layer.frame = swatch
        layer.backgroundColor = color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).cgColor
        root.addSublayer(layer)
        slot = rest
    }
    return root
}

/// A header drawn with a CoreGraphics linear gradient, left red to right blue.
final class GradientBackgroundLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let colors = [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray
        guard let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors,
                                        locations: [0, 1]) else { return }
        ctx.drawLinearGradient(gradient, start: CGPoint(x: bounds.minX, y: bounds.midY),
                               end: CGPoint(x: bounds.maxX, y: bounds.midY), options: [])
    }
}

/// A soft spot: a radial gradient from white at the centre to black at the rim, clipped to a circle.
final class SpotlightDelegate: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let components: [CGFloat] = [1, 1, 1, 1,
                                     0, 0, 0, 1]
        let locations: [CGFloat] = [0, 1]
        guard let gradient = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components,
                                        locations: locations, count: 2) else { return }
        let center = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
        ctx.saveGState()
        ctx.addEllipse(in: layer.bounds.insetBy(dx: 10, dy: 10))
        ctx.clip()
        ctx.drawRadialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center,
                               endRadius: layer.bounds.width / 2 - 10, options: [.drawsAfterEndLocation])
        ctx.restoreGState()
    }
}

func makeSpotlight(delegate: SpotlightDelegate) -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
    layer.delegate = delegate
    layer.setNeedsDisplay()
    layer.displayIfNeeded()
    return layer
}

/// Listing 6.11-style tiled drawing: each tile fills its own rect found from the clip.
final class CheckerTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }

    override init() {
        super.init()
        tileSize = CGSize(width: 50, height: 50)
        levelsOfDetail = 1
        levelsOfDetailBias = 0
    }

    override init(layer: Any) { super.init(layer: layer) }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(in ctx: CGContext) {
        let bounds = ctx.boundingBoxOfClipPath
        let tile = tileSize
        let firstColumn = Int(floor(bounds.minX / tile.width)), lastColumn = Int(floor((bounds.maxX - 1) / tile.width))
        let firstRow = Int(floor(bounds.minY / tile.height)), lastRow = Int(floor((bounds.maxY - 1) / tile.height))
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let rect = CGRect(x: CGFloat(column) * tile.width, y: CGFloat(row) * tile.height,
                                  width: tile.width, height: tile.height)
                ctx.setFillColor((row + column) % 2 == 0 ? UIColor.black.cgColor : UIColor.white.cgColor)
                ctx.fill(rect)
            }
        }
    }
}

func makeCheckerTiles() -> CATiledLayer {
    let tiled = CheckerTiledLayer()
    tiled.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    tiled.contentsScale = 1
    tiled.setNeedsDisplay()
    return tiled
}

/// Listing 6.13's fire: an emitter whose particles Lamina does not draw (its background still does).
func makeFireEmitter(spark: CGImage?) -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    emitter.backgroundColor = UIColor.darkGray.cgColor
    emitter.renderMode = .additive
    emitter.emitterPosition = CGPoint(x: emitter.frame.size.width / 2, y: emitter.frame.size.height / 2)
    emitter.emitterSize = CGSize(width: 20, height: 20)
    emitter.emitterShape = .circle
    emitter.emitterMode = .outline
    emitter.birthRate = 1
    emitter.lifetime = 1
    emitter.seed = 42

    let cell = CAEmitterCell()
    cell.name = "spark"
    cell.contents = spark
    cell.birthRate = 150
    cell.lifetime = 5.0
    cell.lifetimeRange = 1
    cell.color = UIColor(red: 1, green: 0.5, blue: 0.1, alpha: 1.0).cgColor
    cell.alphaSpeed = -0.4
    cell.velocity = 50
    cell.velocityRange = 50
    cell.emissionRange = .pi * 2.0
    cell.emissionLongitude = -.pi / 2
    cell.scale = 0.5
    cell.scaleRange = 0.2
    cell.spin = 1
    cell.yAcceleration = 20
    emitter.emitterCells = [cell]
    return emitter
}
