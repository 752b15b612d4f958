import LaminaKit

// Code written for iOS, as an app or the book writes it: only the import line differs (`import LaminaKit`
// for `import UIKit` / `import QuartzCore`). The tests in PortedIOSCodeTests render it and check the pixels.

/// A card: rounded corners, a shadow shaped by a UIBezierPath, a title label.
func makeCard(width: CGFloat, height: CGFloat) -> CALayer {
    let card = CALayer()
    card.frame = CGRect(x: 20, y: 20, width: width, height: height)
    card.backgroundColor = UIColor.systemBackground.cgColor
    let radius: CGFloat = 12
    card.cornerRadius = radius
    card.shadowColor = UIColor.black.cgColor
    card.shadowOpacity = Float(0.6)
    card.shadowOffset = CGSize(width: 0, height: 8)
    card.shadowRadius = 4
    card.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: radius).cgPath
    card.borderWidth = 1 / UIScreen.main.scale
    card.borderColor = UIColor.separator.cgColor

    let title = CATextLayer()
    title.frame = CGRect(x: 12, y: 12, width: card.bounds.width - 24, height: 24)
    title.string = "Card"
    title.font = UIFont.boldSystemFont(ofSize: 17)
    title.fontSize = 17
    title.foregroundColor = UIColor.label.cgColor
    title.alignmentMode = .left
    title.truncationMode = .end
    title.contentsScale = UIScreen.main.scale
    card.addSublayer(title)
    return card
}

/// A notification badge: a red circle with a count.
func makeBadge(count: Int) -> CALayer {
    let badge = CAShapeLayer()
    badge.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    badge.path = UIBezierPath(ovalIn: badge.bounds).cgPath
    badge.fillColor = UIColor.systemRed.cgColor
    badge.strokeColor = UIColor.white.cgColor
    badge.lineWidth = 2

    let label = CATextLayer()
    label.frame = badge.bounds.insetBy(dx: 4, dy: 10)
    label.string = "\(count)"
    label.font = UIFont.systemFont(ofSize: 14, weight: .semibold)
    label.fontSize = 14
    label.foregroundColor = UIColor.white.cgColor
    label.alignmentMode = .center
    label.contentsScale = UIScreen.main.scale
    badge.addSublayer(label)
    return badge
}

/// A gauge drawn in `draw(in:)`: a grey track over the top half and a value arc, in CoreGraphics' spelling.
final class GaugeLayer: CALayer {
    var value: CGFloat = 1

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 8
        ctx.setLineWidth(10)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(UIColor.systemGray5.cgColor)
        // In a layer's flipped context, clockwise: false sweeps left to right over the top.
        ctx.addArc(center: center, radius: radius, startAngle: .pi, endAngle: 0, clockwise: false)
        ctx.strokePath()
        ctx.setStrokeColor(UIColor.systemGreen.cgColor)
        ctx.addArc(center: center, radius: radius, startAngle: .pi, endAngle: .pi + .pi * value, clockwise: false)
        ctx.strokePath()
    }
}

/// A bar chart drawn by a delegate, as a view controller would draw it.
final class BarChartDrawer: NSObject, CALayerDelegate {
    let values: [CGFloat] = [0.25, 0.5, 1.0]

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let barWidth = layer.bounds.width / CGFloat(values.count)
        ctx.saveGState()
        ctx.setFillColor(UIColor.systemBlue.cgColor)
        for (i, v) in values.enumerated() {
            let h = layer.bounds.height * v
            ctx.fill(CGRect(x: CGFloat(i) * barWidth + 2, y: layer.bounds.height - h, width: barWidth - 4, height: h))
        }
        ctx.restoreGState()
        let axis = CGMutablePath()
        axis.move(to: CGPoint(x: 0, y: layer.bounds.height - 0.5))
        axis.addLine(to: CGPoint(x: layer.bounds.width, y: layer.bounds.height - 0.5))
        ctx.addPath(axis)
        ctx.setStrokeColor(UIColor.black.cgColor)
        ctx.setLineWidth(1)
        ctx.strokePath()
    }
}

/// An avatar: a circular image layer from PNG data.
func makeAvatar(pngData: Data) -> CALayer {
    let avatar = CALayer()
    avatar.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
    let image = UIImage(data: pngData)
    avatar.contents = image?.cgImage
    avatar.contentsGravity = .resizeAspectFill
    avatar.cornerRadius = avatar.bounds.width / 2
    avatar.masksToBounds = true
    avatar.minificationFilter = .trilinear
    avatar.magnificationFilter = .nearest
    return avatar
}

/// A label whose text is attributed: a bold blue run and an underlined red one.
func makeAttributedLabel() -> CATextLayer {
    let text = NSMutableAttributedString(string: "Hello ", attributes: [
        .font: UIFont.boldSystemFont(ofSize: 24),
        .foregroundColor: UIColor.blue,
    ])
    text.append(NSAttributedString(string: "world", attributes: [
        .font: UIFont(name: "Helvetica", size: 24) ?? UIFont.systemFont(ofSize: 24),
        .foregroundColor: UIColor.red,
        .underlineStyle: NSUnderlineStyle.single.rawValue,
    ]))
    let label = CATextLayer()
    label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
    label.string = text
    label.isWrapped = true
    label.contentsScale = UIScreen.main.scale
    return label
}

/// Listing 6.1's stick figure with CGMutablePath, and a ring drawn with a UIBezierPath arc.
func makeShapes() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    let path = CGMutablePath()
    // Clockwise in CoreGraphics' sense: on screen, from 3 o'clock up over the top to 9 o'clock.
    path.addArc(center: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: .pi, clockwise: true)
    let top = CAShapeLayer()
    top.path = path
    top.strokeColor = UIColor.red.cgColor
    top.fillColor = nil
    top.lineWidth = 6
    top.lineJoin = .round
    top.lineCap = .round
    container.addSublayer(top)

    // UIKit's clockwise is on screen: from 3 o'clock down under the bottom to 9 o'clock.
    let ring = UIBezierPath(arcCenter: CGPoint(x: 150, y: 50), radius: 30, startAngle: 0, endAngle: .pi,
                            clockwise: true)
    let bottom = CAShapeLayer()
    bottom.path = ring.cgPath
    bottom.strokeColor = UIColor.blue.cgColor
    bottom.fillColor = UIColor.clear.cgColor
    bottom.lineWidth = 6
    bottom.lineDashPattern = [4, 2]
    bottom.lineDashPattern = nil
    bottom.fillRule = .evenOdd
    bottom.strokeEnd = 1
    container.addSublayer(bottom)
    return container
}

/// Listing 6.6-style gradient and listing 6.8-style replicator.
func makeGradientAndReplicator() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    gradient.locations = [0, 1]
    gradient.startPoint = CGPoint(x: 0.5, y: 0)
    gradient.endPoint = CGPoint(x: 0.5, y: 1)
    gradient.type = .axial
    container.addSublayer(gradient)

    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
    replicator.instanceCount = 4
    replicator.instanceTransform = CATransform3DMakeTranslation(25, 0, 0)
    replicator.instanceColor = UIColor.white.cgColor
    replicator.instanceRedOffset = -0.25
    replicator.instanceDelay = CFTimeInterval(0)
    let dot = CALayer()
    dot.frame = CGRect(x: 0, y: 40, width: 20, height: 20)
    dot.backgroundColor = UIColor.white.cgColor
    replicator.addSublayer(dot)
    container.addSublayer(replicator)
    return container
}
