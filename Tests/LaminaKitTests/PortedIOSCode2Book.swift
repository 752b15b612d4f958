import LaminaKit

// "iOS Core Animation: Advanced Techniques", chapters 1-3, as an iOS developer writes the listings in Swift.
// The views of the book are container layers here (UIView is out of scope); everything else is as on iOS.

/// A solid-colour test image made the way iOS code makes one without UIKit: a bitmap CGContext.
func makeTestImage(width: Int, height: Int, draw: (CGContext) -> Void) -> CGImage? {
    guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(),
                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
    draw(ctx)
    return ctx.makeImage()
}

/// Four quadrants: red top-left, green top-right, blue bottom-left, white bottom-right (in image rows).
func makeQuadrantImage() -> CGImage? {
    makeTestImage(width: 64, height: 64) { ctx in
        // A bitmap context's origin is bottom-left: y = 32...64 is the image's top half.
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 32, width: 32, height: 32))
        ctx.setFillColor(UIColor.green.cgColor)
        ctx.fill(CGRect(x: 32, y: 32, width: 32, height: 32))
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 32, height: 32))
        ctx.setFillColor(UIColor.white.cgColor)
        ctx.fill(CGRect(x: 32, y: 0, width: 32, height: 32))
    }
}

// MARK: - Chapter 1: The layer tree

/// Listing 1.1: a blue sublayer in a white view.
func ch1BlueLayer() -> CALayer {
    let layerView = CALayer()
    layerView.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    layerView.backgroundColor = UIColor.white.cgColor

    let blueLayer = CALayer()
    blueLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
    blueLayer.backgroundColor = UIColor.blue.cgColor
    layerView.addSublayer(blueLayer)
    return layerView
}

// MARK: - Chapter 2: The backing image

/// Listing 2.1/2.2: an image as the layer's contents, centred and scaled as the book does.
func ch2Contents(gravity: CALayerContentsGravity) -> CALayer {
    let layerView = CALayer()
    layerView.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
    layerView.backgroundColor = UIColor(white: 0.5, alpha: 1).cgColor
    if let image = makeQuadrantImage() {
        layerView.contents = image
    }
    layerView.contentsGravity = gravity
    layerView.contentsScale = 1
    layerView.masksToBounds = true
    return layerView
}

/// Listing 2.3: sprites from one atlas image through contentsRect.
func ch2Sprites() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
    let image = makeQuadrantImage()

    func addSpriteImage(_ image: CGImage?, withContentRect rect: CGRect, to layer: CALayer) {
        layer.contents = image
        layer.contentsGravity = .resizeAspect
        layer.contentsRect = rect
    }

    let rects = [CGRect(x: 0, y: 0, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                 CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)]
    // Shown in reverse order: the bottom-right sprite at the top-left.
    for (index, rect) in rects.reversed().enumerated() {
        let sprite = CALayer()
        sprite.frame = CGRect(x: CGFloat(index % 2) * 64, y: CGFloat(index / 2) * 64, width: 64, height: 64)
        addSpriteImage(image, withContentRect: rect, to: sprite)
        container.addSublayer(sprite)
    }
    return container
}

/// Listing 2.4: a stretchable image through contentsCenter.
func ch2Stretchable() -> CALayer {
    let button = CALayer()
    button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
    button.contents = makeTestImage(width: 30, height: 30) { ctx in
        ctx.setFillColor(UIColor.black.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.setFillColor(UIColor.yellow.cgColor)
        ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
    }
    button.contentsCenter = CGRect(x: 1.0 / 3.0, y: 1.0 / 3.0, width: 1.0 / 3.0, height: 1.0 / 3.0)
    button.magnificationFilter = .nearest
    return button
}

/// Listing 2.5: custom drawing through CALayerDelegate.
final class CircleDrawingDelegate: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        // Draws a thick red circle.
        ctx.setLineWidth(10.0)
        ctx.setStrokeColor(UIColor.red.cgColor)
        ctx.strokeEllipse(in: layer.bounds.insetBy(dx: 5, dy: 5))
    }
}

func ch2CustomDrawing(delegate: CircleDrawingDelegate) -> CALayer {
    let layerView = CALayer()
    layerView.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    layerView.backgroundColor = UIColor.white.cgColor

    let blueLayer = CALayer()
    blueLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
    blueLayer.backgroundColor = UIColor.blue.cgColor
    blueLayer.delegate = delegate
    // Makes sure the layer draws at the screen's scale.
    blueLayer.contentsScale = UIScreen.main.scale
    layerView.addSublayer(blueLayer)
    // Forces the layer to redraw.
    blueLayer.display()
    return layerView
}

/// A CALayer subclass that draws itself: a green diagonal cross.
final class CrossLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setStrokeColor(UIColor.green.cgColor)
        ctx.setLineWidth(4)
        ctx.setLineCap(.butt)
        ctx.beginPath()
        ctx.move(to: CGPoint(x: bounds.minX, y: bounds.minY))
        ctx.addLine(to: CGPoint(x: bounds.maxX, y: bounds.maxY))
        ctx.move(to: CGPoint(x: bounds.maxX, y: bounds.minY))
        ctx.addLine(to: CGPoint(x: bounds.minX, y: bounds.maxY))
        ctx.strokePath()
    }
}

func ch2SubclassDrawing() -> CALayer {
    let cross = CrossLayer()
    cross.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    cross.backgroundColor = UIColor.black.cgColor
    cross.needsDisplayOnBoundsChange = true
    cross.setNeedsDisplay()
    cross.displayIfNeeded()
    return cross
}

// MARK: - Chapter 3: Layer geometry

/// Listing 3.1/3.2: a clock face with hands turning about an anchor point near their end.
struct Clock {
    let face = CALayer()
    let hourHand = CALayer()
    let minuteHand = CALayer()
    let secondHand = CALayer()

    init() {
        face.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        face.backgroundColor = UIColor.white.cgColor
        for (hand, length, width, color) in [(hourHand, 60.0, 8.0, UIColor.black), (minuteHand, 80.0, 6.0, UIColor.darkGray),
                                             (secondHand, 90.0, 2.0, UIColor.red)] as [(CALayer, CGFloat, CGFloat, UIColor)] {
            hand.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            hand.backgroundColor = color.cgColor
            // Hands turn about a point 90% of the way down.
            hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            hand.position = CGPoint(x: face.bounds.midX, y: face.bounds.midY)
            face.addSublayer(hand)
        }
    }

    func setTime(hours: Int, minutes: Int, seconds: Int) {
        let hoursAngle = (CGFloat(hours % 12) / 12.0) * .pi * 2.0
        let minsAngle = (CGFloat(minutes) / 60.0) * .pi * 2.0
        let secsAngle = (CGFloat(seconds) / 60.0) * .pi * 2.0
        hourHand.transform = CATransform3DMakeRotation(hoursAngle, 0, 0, 1)
        minuteHand.setAffineTransform(CGAffineTransform(rotationAngle: minsAngle))
        secondHand.transform = CATransform3DMakeRotation(secsAngle, 0, 0, 1)
    }
}

/// Listing 3.3/3.4: zPosition brings the first sibling in front; geometryFlipped turns y upward.
func ch3ZPosition() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let green = CALayer()
    green.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
    green.backgroundColor = UIColor.green.cgColor
    let red = CALayer()
    red.frame = CGRect(x: 30, y: 30, width: 60, height: 60)
    red.backgroundColor = UIColor.red.cgColor
    container.addSublayer(green)
    container.addSublayer(red)
    green.zPosition = 1.0
    return container
}

func ch3GeometryFlipped() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    container.isGeometryFlipped = true
    let bar = CALayer()
    bar.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    bar.backgroundColor = UIColor.orange.cgColor
    container.addSublayer(bar)
    return container
}

/// Listing 3.5: hit testing a white layer inside a blue layer.
struct HitTestDemo {
    let layerView = CALayer()
    let blueLayer = CALayer()

    init() {
        layerView.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layerView.backgroundColor = UIColor.white.cgColor
        blueLayer.frame = CGRect(x: 50.0, y: 50.0, width: 100.0, height: 100.0)
        blueLayer.backgroundColor = UIColor.blue.cgColor
        layerView.addSublayer(blueLayer)
    }

    /// The book's touchesBegan: which layer a point (in the view's coordinates) is over.
    func describeTouch(at point: CGPoint) -> String {
        // Converts the point to the blue layer's coordinates.
        let inBlue = blueLayer.convert(point, from: layerView)
        if blueLayer.contains(inBlue) {
            return "Inside Blue Layer"
        } else if layerView.contains(point) {
            return "Inside White Layer"
        }
        return "Outside"
    }

    func hitLayer(at point: CGPoint) -> CALayer? {
        layerView.hitTest(point)
    }
}

/// Sublayers laid out by the delegate's layoutSublayers(of:), as a view lays out its layer.
final class StackLayoutDelegate: NSObject, CALayerDelegate {
    func layoutSublayers(of layer: CALayer) {
        guard let sublayers = layer.sublayers, !sublayers.isEmpty else { return }
        let height = layer.bounds.height / CGFloat(sublayers.count)
        for (i, sublayer) in sublayers.enumerated() {
            sublayer.frame = CGRect(x: 0, y: CGFloat(i) * height, width: layer.bounds.width, height: height)
        }
    }
}

func ch3Layout(delegate: StackLayoutDelegate) -> CALayer {
    let stack = CALayer()
    stack.delegate = delegate
    stack.bounds = CGRect(x: 0, y: 0, width: 40, height: 90)
    for color in [UIColor.red, UIColor.green, UIColor.blue] {
        let row = CALayer()
        row.backgroundColor = color.cgColor
        stack.addSublayer(row)
    }
    stack.setNeedsLayout()
    stack.layoutIfNeeded()
    return stack
}
