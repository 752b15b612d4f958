import LaminaKit

// "iOS Core Animation: Advanced Techniques", chapter 6 (specialized layers) in Swift.

/// Listing 6.1: a stick figure drawn by a CAShapeLayer from a UIBezierPath.
func ch6StickFigure() -> CALayer {
    let containerView = CALayer()
    containerView.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
    containerView.backgroundColor = UIColor.white.cgColor

    let path = UIBezierPath()
    path.move(to: CGPoint(x: 175, y: 100))
    path.addArc(withCenter: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    path.move(to: CGPoint(x: 150, y: 125))
    path.addLine(to: CGPoint(x: 150, y: 175))
    path.addLine(to: CGPoint(x: 125, y: 225))
    path.move(to: CGPoint(x: 150, y: 175))
    path.addLine(to: CGPoint(x: 175, y: 225))
    path.move(to: CGPoint(x: 100, y: 150))
    path.addLine(to: CGPoint(x: 200, y: 150))

    let shapeLayer = CAShapeLayer()
    shapeLayer.strokeColor = UIColor.red.cgColor
    shapeLayer.fillColor = UIColor.clear.cgColor
    shapeLayer.lineWidth = 5
    shapeLayer.lineJoin = .round
    shapeLayer.lineCap = .round
    shapeLayer.path = path.cgPath
    containerView.addSublayer(shapeLayer)
    return containerView
}

/// Listing 6.2: a rectangle with three rounded corners.
func ch6SomeRoundedCorners() -> CALayer {
    let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
    let radii = CGSize(width: 20, height: 20)
    let corners: UIRectCorner = [.topRight, .bottomRight, .bottomLeft]
    let path = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: radii)
    let shape = CAShapeLayer()
    shape.frame = rect
    shape.path = path.cgPath
    shape.fillColor = UIColor.blue.cgColor
    return shape
}

/// Listing 6.3: plain text in a CATextLayer.
func ch6TextLayer() -> CATextLayer {
    let textLayer = CATextLayer()
    textLayer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    textLayer.backgroundColor = UIColor.white.cgColor
    textLayer.foregroundColor = UIColor.black.cgColor
    textLayer.alignmentMode = .justified
    textLayer.isWrapped = true

    let font = UIFont.systemFont(ofSize: 15)
    textLayer.font = font
    textLayer.fontSize = font.pointSize
    let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in."
    textLayer.string = text
    textLayer.contentsScale = UIScreen.main.scale
    return textLayer
}

/// Listing 6.4: rich text: an attributed string with a red, bold range.
func ch6RichText() -> CATextLayer {
    let textLayer = CATextLayer()
    textLayer.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
    textLayer.contentsScale = UIScreen.main.scale
    textLayer.isWrapped = true
    textLayer.alignmentMode = .left

    let text = "Lorem ipsum dolor sit amet"
    let string = NSMutableAttributedString(string: text)
    let font = UIFont(name: "Helvetica", size: 20) ?? UIFont.systemFont(ofSize: 20)
    var attribs: [NSAttributedString.Key: Any] = [
        .foregroundColor: UIColor.black,
        .font: font,
    ]
    string.setAttributes(attribs, range: NSRange(location: 0, length: text.count))
    attribs = [
        .foregroundColor: UIColor.red,
        .font: UIFont.boldSystemFont(ofSize: 20),
        .underlineStyle: NSUnderlineStyle.single.rawValue,
    ]
    string.addAttributes(attribs, range: NSRange(location: 6, length: 5))
    textLayer.string = string
    return textLayer
}

/// Listing 6.6/6.7: simple and multipart gradients.
func ch6Gradients() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)

    let gradientLayer = CAGradientLayer()
    gradientLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    gradientLayer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    gradientLayer.startPoint = CGPoint(x: 0, y: 0)
    gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    container.addSublayer(gradientLayer)

    let multipart = CAGradientLayer()
    multipart.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
    multipart.colors = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.green.cgColor]
    multipart.locations = [0.0, 0.25, 0.5]
    multipart.startPoint = CGPoint(x: 0, y: 0.5)
    multipart.endPoint = CGPoint(x: 1, y: 0.5)
    container.addSublayer(multipart)
    return container
}

/// Listing 6.8: ten squares in a ring by CAReplicatorLayer, each less blue and green than the one before.
func ch6Replicator() -> CALayer {
    let containerView = CALayer()
    containerView.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
    containerView.backgroundColor = UIColor.black.cgColor

    let replicator = CAReplicatorLayer()
    replicator.frame = containerView.bounds
    containerView.addSublayer(replicator)
    replicator.instanceCount = 10

    var transform = CATransform3DIdentity
    transform = CATransform3DTranslate(transform, 0, 200, 0)
    transform = CATransform3DRotate(transform, .pi / 5.0, 0, 0, 1)
    transform = CATransform3DTranslate(transform, 0, -200, 0)
    replicator.instanceTransform = transform

    replicator.instanceBlueOffset = -0.1
    replicator.instanceGreenOffset = -0.1

    let layer = CALayer()
    layer.frame = CGRect(x: 125, y: 125, width: 50, height: 50)
    layer.backgroundColor = UIColor.white.cgColor
    replicator.addSublayer(layer)
    return containerView
}

/// Listing 6.9: a reflection by a replicator of two instances, the second flipped and faded.
final class ReflectionLayer: CAReplicatorLayer {
    override init() {
        super.init()
        instanceCount = 2
        var transform = CATransform3DIdentity
        let verticalOffset = bounds.size.height + 2
        transform = CATransform3DTranslate(transform, 0, verticalOffset, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        instanceTransform = transform
        instanceAlphaOffset = -0.6
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func reflect() {
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, bounds.size.height + 2, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        instanceTransform = transform
    }
}

func ch6Reflection() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
    container.backgroundColor = UIColor.white.cgColor
    let reflection = ReflectionLayer()
    reflection.frame = CGRect(x: 0, y: 0, width: 100, height: 98)
    reflection.reflect()
    let content = CALayer()
    content.frame = reflection.bounds
    content.backgroundColor = UIColor.blue.cgColor
    let stripe = CALayer()
    stripe.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    stripe.backgroundColor = UIColor.red.cgColor
    content.addSublayer(stripe)
    reflection.addSublayer(content)
    container.addSublayer(reflection)
    return container
}

/// Listing 6.10: a CAScrollLayer showing part of a larger layer, scrolled by code.
func ch6ScrollLayer(offset: CGPoint) -> CAScrollLayer {
    let scrollLayer = CAScrollLayer()
    scrollLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    scrollLayer.scrollMode = .both
    let big = CALayer()
    big.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    big.backgroundColor = UIColor.green.cgColor
    let corner = CALayer()
    corner.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
    corner.backgroundColor = UIColor.red.cgColor
    big.addSublayer(corner)
    scrollLayer.addSublayer(big)
    scrollLayer.scroll(to: offset)
    return scrollLayer
}

/// CALayer's scrolling helpers on a sublayer of a scroll layer.
func ch6ScrollRectToVisible() -> CAScrollLayer {
    let scrollLayer = ch6ScrollLayer(offset: .zero)
    if let content = scrollLayer.sublayers?.first {
        content.scrollRectToVisible(CGRect(x: 150, y: 150, width: 50, height: 50))
    }
    return scrollLayer
}
