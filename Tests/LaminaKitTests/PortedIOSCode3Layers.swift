import LaminaKit

// Layer code written as for iOS (only the import differs): a self-laying-out CALayer subclass, implicit
// animations switched off, a progress ring, a gradient-masked title, a sprite sheet, pausing and perspective.

/// A row of equal tiles, laid out by its delegate whenever it is asked to lay out. (On iOS this is as often a
/// CALayer subclass overriding `layoutSublayers()`, `action(forKey:)` and `class func needsDisplay(forKey:)`;
/// Lamina's CALayer does not yet let those be overridden.)
final class TileRowLayer: CALayer {
    var tileCount = 3
}

final class TileRowLayout: NSObject, CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        NSNull()
    }

    func layoutSublayers(of layer: CALayer) {
        guard let row = layer as? TileRowLayer else { return }
        row.sublayers?.forEach { $0.removeFromSuperlayer() }
        guard row.tileCount > 0 else { return }
        let gap: CGFloat = 10
        var remaining = row.bounds.insetBy(dx: gap, dy: gap)
        let width = (remaining.width - gap * CGFloat(row.tileCount - 1)) / CGFloat(row.tileCount)
        for index in 0..<row.tileCount {
            let (slice, rest) = remaining.divided(atDistance: width, from: .minXEdge)
            let tile = CALayer()
            tile.frame = slice.integral
            tile.backgroundColor = index % 2 == 0 ? UIColor.systemBlue.cgColor : UIColor.systemOrange.cgColor
            tile.cornerRadius = 4
            row.addSublayer(tile)
            remaining = rest.divided(atDistance: gap, from: .minXEdge).remainder
        }
    }
}

func makeTileRow(layout: TileRowLayout) -> TileRowLayer {
    let row = TileRowLayer()
    row.delegate = layout
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    row.frame = CGRect(x: 0, y: 0, width: 340, height: 80)
    row.backgroundColor = UIColor.systemGroupedBackground.cgColor
    row.tileCount = 4
    row.setNeedsLayout()
    row.layoutIfNeeded()
    CATransaction.commit()
    return row
}

/// A ring that fills clockwise from 12 o'clock; `progressLayer.strokeEnd` is the progress.
final class ProgressRing {
    let layer = CALayer()
    let trackLayer = CAShapeLayer()
    let progressLayer = CAShapeLayer()

    init(frame: CGRect, lineWidth: CGFloat = 12) {
        layer.frame = frame
        let center = CGPoint(x: frame.width / 2, y: frame.height / 2)
        let radius = min(frame.width, frame.height) / 2 - lineWidth / 2
        let path = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2,
                                endAngle: 3 * .pi / 2, clockwise: true)
        for shape in [trackLayer, progressLayer] {
            shape.frame = layer.bounds
            shape.path = path.cgPath
            shape.fillColor = UIColor.clear.cgColor
            shape.lineWidth = lineWidth
            layer.addSublayer(shape)
        }
        trackLayer.strokeColor = UIColor.tertiarySystemFill.cgColor
        progressLayer.strokeColor = UIColor.link.cgColor
        progressLayer.lineCap = .round
        progressLayer.strokeEnd = 0
    }

    func setProgress(_ progress: CGFloat, animated: Bool) {
        let clamped = max(0, min(1, progress))
        if animated {
            let animation = CABasicAnimation(keyPath: "strokeEnd")
            animation.fromValue = progressLayer.presentation()?.strokeEnd ?? progressLayer.strokeEnd
            animation.toValue = clamped
            animation.duration = 0.6
            animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1.0)
            progressLayer.add(animation, forKey: "progress")
        }
        CATransaction.begin()
        CATransaction.setAnimationDuration(0)
        CATransaction.setDisableActions(true)
        progressLayer.strokeEnd = clamped
        CATransaction.commit()
    }
}

/// A bold title whose glyphs show a left-to-right gradient: the text layer is the gradient's mask.
func makeGradientTitle() -> CAGradientLayer {
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 0, y: 0, width: 300, height: 80)
    gradient.colors = [UIColor.systemRed.cgColor, UIColor.systemBlue.cgColor]
    gradient.startPoint = CGPoint(x: 0, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.5)

    let text = CATextLayer()
    text.frame = gradient.bounds
    text.string = "GRADIENT"
    text.font = UIFont.systemFont(ofSize: 56, weight: .heavy)
    text.fontSize = 56
    text.alignmentMode = .center
    text.foregroundColor = UIColor.black.cgColor
    text.contentsScale = 2
    gradient.mask = text
    return gradient
}

/// Walks a 4-frame horizontal sprite sheet with a discrete keyframe animation on `contentsRect`.
func makeSpriteRunner(sheet: CGImage) -> CALayer {
    let sprite = CALayer()
    sprite.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
    sprite.contents = sheet
    sprite.contentsRect = CGRect(x: 0, y: 0, width: 0.25, height: 1)
    sprite.magnificationFilter = .nearest

    let frames = (0..<4).map { NSValue(cgRect: CGRect(x: CGFloat($0) * 0.25, y: 0, width: 0.25, height: 1)) }
    let walk = CAKeyframeAnimation(keyPath: "contentsRect")
    walk.values = frames
    walk.keyTimes = [0, 0.25, 0.5, 0.75]
    walk.calculationMode = .discrete
    walk.duration = 1
    walk.repeatCount = .infinity
    walk.isRemovedOnCompletion = false
    sprite.add(walk, forKey: "walk")
    return sprite
}

// Pausing as apps write it when they keep the layer's own clock (the usual form converts
// CACurrentMediaTime() into the layer's time with convertTime(_:from:)).
func pauseLayer(_ layer: CALayer) {
    let pausedTime = CACurrentMediaTime() - layer.beginTime
    layer.speed = 0
    layer.timeOffset = pausedTime
}

func resumeLayer(_ layer: CALayer) {
    let pausedTime = layer.timeOffset
    layer.speed = 1
    layer.timeOffset = 0
    layer.beginTime = CACurrentMediaTime() - pausedTime
}

/// A square whose width animates 100 -> 200 over 1 s, frozen half-way with speed 0 and a time offset.
func makeFrozenBar() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 240, height: 40)
    let bar = CALayer()
    bar.anchorPoint = CGPoint(x: 0, y: 0.5)
    bar.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    bar.backgroundColor = UIColor.systemGreen.cgColor
    let grow = CABasicAnimation(keyPath: "bounds.size.width")
    grow.fromValue = 100
    grow.toValue = 200
    grow.duration = 1
    grow.fillMode = .forwards
    grow.isRemovedOnCompletion = false
    bar.add(grow, forKey: "grow")
    bar.speed = 0
    bar.timeOffset = 0.5
    root.addSublayer(bar)
    return root
}

// The helper people write themselves: Core Animation has no CATransform3DMakePerspective.
func CATransform3DMakePerspective(_ eyeDistance: CGFloat) -> CATransform3D {
    var transform = CATransform3DIdentity
    transform.m34 = -1.0 / eyeDistance
    return transform
}

func CATransform3DMakeRotationY(_ angle: CGFloat, perspective eyeDistance: CGFloat) -> CATransform3D {
    CATransform3DRotate(CATransform3DMakePerspective(eyeDistance), angle, 0, 1, 0)
}

func makeSkewedCard() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
    root.backgroundColor = UIColor.white.cgColor
    root.masksToBounds = true
    let card = CALayer()
    card.frame = CGRect(x: 50, y: 30, width: 100, height: 60)
    card.backgroundColor = UIColor.systemPurple.cgColor
    // A shear 0.5 along x, written out in full.
    card.setAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
    root.addSublayer(card)
    let flipped = CALayer()
    flipped.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    flipped.backgroundColor = UIColor.systemTeal.cgColor
    flipped.transform = CATransform3DMakeRotationY(.pi / 6, perspective: 500)
    root.addSublayer(flipped)
    if let first = root.sublayers?.first {
        first.zPosition = 1
    }
    return root
}
