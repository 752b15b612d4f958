import LaminaKit

// Animation code as iOS developers write it: keyframes along a path, groups, springs, transactions.

/// A dot moved along a path by a keyframe animation (chapter 8's ship on a curve), paced by its path.
func animKeyframePath() -> (root: CALayer, dot: CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    root.backgroundColor = UIColor.white.cgColor

    let bezierPath = UIBezierPath()
    bezierPath.move(to: CGPoint(x: 20, y: 50))
    bezierPath.addLine(to: CGPoint(x: 180, y: 50))

    let pathLayer = CAShapeLayer()
    pathLayer.path = bezierPath.cgPath
    pathLayer.fillColor = UIColor.clear.cgColor
    pathLayer.strokeColor = UIColor.lightGray.cgColor
    pathLayer.lineWidth = 1
    root.addSublayer(pathLayer)

    let dot = CALayer()
    dot.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    dot.position = CGPoint(x: 20, y: 50)
    dot.backgroundColor = UIColor.red.cgColor
    root.addSublayer(dot)

    let animation = CAKeyframeAnimation()
    animation.keyPath = "position"
    animation.duration = 4
    animation.path = bezierPath.cgPath
    animation.rotationMode = .rotateAuto
    animation.calculationMode = .paced
    dot.add(animation, forKey: nil)
    return (root, dot)
}

/// A keyframe animation of positions given as NSValues, at given key times.
func animKeyframeValues() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    let dot = CALayer()
    dot.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    dot.position = CGPoint(x: 20, y: 50)
    dot.backgroundColor = UIColor.blue.cgColor
    root.addSublayer(dot)

    let animation = CAKeyframeAnimation(keyPath: "position")
    animation.values = [NSValue(cgPoint: CGPoint(x: 20, y: 50)),
                        NSValue(cgPoint: CGPoint(x: 180, y: 50)),
                        NSValue(cgPoint: CGPoint(x: 180, y: 90))]
    animation.keyTimes = [0, 0.5, 1]
    animation.duration = 2
    animation.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .linear)]
    dot.add(animation, forKey: "move")
    return root
}

/// A keyframe animation of colours (chapter 8's listing 8.5), given as CGColors.
func animKeyframeColors() -> CALayer {
    let colorLayer = CALayer()
    colorLayer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
    colorLayer.backgroundColor = UIColor.blue.cgColor
    let animation = CAKeyframeAnimation()
    animation.keyPath = "backgroundColor"
    animation.duration = 2.0
    animation.values = [UIColor.blue.cgColor, UIColor.red.cgColor, UIColor.green.cgColor, UIColor.blue.cgColor]
    animation.calculationMode = .discrete
    colorLayer.add(animation, forKey: nil)
    return colorLayer
}

/// A group: a move and a colour change together, held at the end.
func animGroup() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    let box = CALayer()
    box.frame = CGRect(x: 0, y: 40, width: 20, height: 20)
    box.backgroundColor = UIColor.red.cgColor
    root.addSublayer(box)

    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 10
    move.toValue = 190
    move.duration = 1
    let color = CABasicAnimation()
    color.keyPath = "backgroundColor"
    color.toValue = UIColor.blue.cgColor
    color.duration = 1
    // The children's own fill modes hold them past their end; the group's alone would not.
    move.fillMode = .forwards
    color.fillMode = .forwards

    let group = CAAnimationGroup()
    group.animations = [move, color]
    group.duration = 1
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false
    group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    box.add(group, forKey: "moveAndColor")
    return root
}

/// A spring that drops a card into place.
func animSpring() -> (root: CALayer, spring: CASpringAnimation) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
    let card = CALayer()
    card.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
    card.position = CGPoint(x: 50, y: 150)
    card.backgroundColor = UIColor.systemIndigo.cgColor
    root.addSublayer(card)

    let spring = CASpringAnimation(keyPath: "position.y")
    spring.fromValue = 30
    spring.toValue = 150
    spring.damping = 10
    spring.stiffness = 100
    spring.mass = 1
    spring.initialVelocity = 0
    spring.duration = spring.settlingDuration
    card.add(spring, forKey: "drop")
    return (root, spring)
}

/// An ease-in-out scale with a custom curve, auto-reversed, starting half a second late.
func animPulse() -> CALayer {
    let pulse = CALayer()
    pulse.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let dot = CALayer()
    dot.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
    dot.cornerRadius = 25
    dot.backgroundColor = UIColor.systemTeal.cgColor
    pulse.addSublayer(dot)

    let scale = CABasicAnimation(keyPath: "transform.scale")
    scale.fromValue = 1.0
    scale.toValue = 2.0
    scale.duration = 1
    scale.autoreverses = true
    scale.beginTime = 0.5
    scale.fillMode = .backwards
    scale.timingFunction = CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1)
    dot.add(scale, forKey: "pulse")
    return pulse
}

/// Changes made without implicit animations, then a layer's animations listed and removed.
final class AnimationObserver: NSObject, CAAnimationDelegate {
    var started = false
    func animationDidStart(_ anim: CAAnimation) { started = true }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

func animTransactionAndKeys(observer: AnimationObserver) -> (layer: CALayer, keys: [String]) {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    CATransaction.setAnimationDuration(0.25)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
    CATransaction.setCompletionBlock {
        layer.backgroundColor = UIColor.green.cgColor
    }
    layer.backgroundColor = UIColor.red.cgColor
    CATransaction.commit()

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.delegate = observer
    layer.add(fade, forKey: "fade")
    let turn = CABasicAnimation(keyPath: "transform")
    turn.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))
    layer.add(turn, forKey: "turn")
    let keys = layer.animationKeys() ?? []
    _ = layer.animation(forKey: "fade")
    layer.removeAnimation(forKey: "turn")
    return (layer, keys)
}
