import LaminaKit

// Ordinary app code as iOS developers write it: cards, badges, charts, rings, spinners, labels.

extension UIColor {
    static let brandBlue = UIColor(red: 0.0, green: 122.0 / 255.0, blue: 1.0, alpha: 1.0)
    static let cardShadow = UIColor(white: 0.0, alpha: 0.25)
}

/// A card with continuous corners, a hairline border and a soft shadow.
func appCard() -> CALayer {
    let card = CALayer()
    card.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
    card.backgroundColor = UIColor.white.cgColor
    card.cornerRadius = 16
    card.cornerCurve = .continuous
    card.borderWidth = 1.0 / UIScreen.main.scale
    card.borderColor = UIColor.black.withAlphaComponent(0.1).cgColor
    card.shadowColor = UIColor.cardShadow.cgColor
    card.shadowOpacity = 1
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowRadius = 8
    card.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: card.cornerRadius).cgPath

    let title = CATextLayer()
    title.frame = CGRect(x: 16, y: 16, width: card.bounds.width - 32, height: 24)
    title.string = "Weekly summary"
    title.font = UIFont.boldSystemFont(ofSize: 17)
    title.fontSize = 17
    title.foregroundColor = UIColor.black.cgColor
    title.contentsScale = UIScreen.main.scale
    card.addSublayer(title)

    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
    root.backgroundColor = UIColor(white: 0.95, alpha: 1).cgColor
    root.addSublayer(card)
    return root
}

/// A notification badge: a red circle with a centred white count.
func appBadge(count: Int) -> CALayer {
    let size: CGFloat = 24
    let badge = CALayer()
    badge.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    badge.position = CGPoint(x: size / 2, y: size / 2)
    badge.backgroundColor = UIColor.systemRed.cgColor
    badge.cornerRadius = size / 2
    badge.masksToBounds = true

    let label = CATextLayer()
    label.frame = badge.bounds.insetBy(dx: 0, dy: 4)
    label.string = count > 99 ? "99+" : "\(count)"
    label.fontSize = 13
    label.font = UIFont.systemFont(ofSize: 13, weight: .semibold)
    label.foregroundColor = UIColor.white.cgColor
    label.alignmentMode = .center
    label.contentsScale = UIScreen.main.scale
    badge.addSublayer(label)
    return badge
}

/// A pill button: a horizontal gradient with fully rounded ends, and a tab with only its top corners rounded.
func appPillAndTab() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)

    let pill = CAGradientLayer()
    pill.frame = CGRect(x: 10, y: 10, width: 180, height: 40)
    pill.colors = [UIColor.systemPink.cgColor, UIColor.systemOrange.cgColor]
    pill.locations = [0, 1]
    pill.startPoint = CGPoint(x: 0, y: 0.5)
    pill.endPoint = CGPoint(x: 1, y: 0.5)
    pill.cornerRadius = pill.bounds.height / 2
    pill.cornerCurve = .circular
    root.addSublayer(pill)

    let tab = CALayer()
    tab.frame = CGRect(x: 10, y: 60, width: 180, height: 40)
    tab.backgroundColor = UIColor.brandBlue.cgColor
    tab.cornerRadius = 20
    tab.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    root.addSublayer(tab)
    return root
}

/// A bar chart: one CAShapeLayer per value, bars growing up from the baseline.
func appBarChart(values: [CGFloat]) -> CALayer {
    let chart = CALayer()
    chart.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    chart.backgroundColor = UIColor.white.cgColor
    let maxValue = values.max() ?? 1
    let barWidth = chart.bounds.width / CGFloat(values.count)
    for (i, value) in values.enumerated() {
        let height = chart.bounds.height * value / maxValue
        let bar = CAShapeLayer()
        let rect = CGRect(x: CGFloat(i) * barWidth + 4, y: chart.bounds.height - height,
                          width: barWidth - 8, height: height)
        bar.path = UIBezierPath(rect: rect).cgPath
        bar.fillColor = UIColor.systemBlue.cgColor
        chart.addSublayer(bar)
    }
    return chart
}

/// A pie chart: a wedge per share, from 12 o'clock clockwise.
func appPieChart(shares: [CGFloat], colors: [UIColor]) -> CALayer {
    let pie = CALayer()
    pie.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let center = CGPoint(x: pie.bounds.midX, y: pie.bounds.midY)
    let radius = min(pie.bounds.width, pie.bounds.height) / 2
    let total = shares.reduce(0, +)
    var startAngle = -CGFloat.pi / 2
    for (share, color) in zip(shares, colors) {
        let endAngle = startAngle + 2 * .pi * share / total
        let path = UIBezierPath()
        path.move(to: center)
        path.addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: true)
        path.close()
        let slice = CAShapeLayer()
        slice.path = path.cgPath
        slice.fillColor = color.cgColor
        pie.addSublayer(slice)
        startAngle = endAngle
    }
    return pie
}

/// An avatar: a square photo clipped to a circle by a shape-layer mask, with a white ring.
func appAvatar() -> CALayer {
    let avatar = CALayer()
    avatar.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
    avatar.contents = makeQuadrantImage()
    avatar.contentsGravity = .resizeAspectFill
    let mask = CAShapeLayer()
    mask.path = UIBezierPath(ovalIn: avatar.bounds).cgPath
    avatar.mask = mask
    return avatar
}

/// A progress ring: a grey track and a coloured arc to `progress`, from 12 o'clock, with round ends.
func appProgressRing(progress: CGFloat) -> (ring: CALayer, progressLayer: CAShapeLayer) {
    let ring = CALayer()
    ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let circularPath = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
                                    endAngle: 3 * .pi / 2, clockwise: true)
    let track = CAShapeLayer()
    track.path = circularPath.cgPath
    track.strokeColor = UIColor.lightGray.cgColor
    track.lineWidth = 10
    track.fillColor = UIColor.clear.cgColor
    track.lineCap = .round
    ring.addSublayer(track)

    let progressLayer = CAShapeLayer()
    progressLayer.path = circularPath.cgPath
    progressLayer.strokeColor = UIColor.systemGreen.cgColor
    progressLayer.lineWidth = 10
    progressLayer.fillColor = nil
    progressLayer.lineCap = .round
    progressLayer.strokeEnd = progress
    ring.addSublayer(progressLayer)
    return (ring, progressLayer)
}

/// Animates the ring's strokeEnd from 0 to its model value, holding the end.
func animateProgress(_ progressLayer: CAShapeLayer, duration: CFTimeInterval) {
    let animation = CABasicAnimation(keyPath: "strokeEnd")
    animation.fromValue = 0
    animation.toValue = progressLayer.strokeEnd
    animation.duration = duration
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    animation.fillMode = .forwards
    animation.isRemovedOnCompletion = false
    progressLayer.add(animation, forKey: "progress")
}

/// A header with a vertical gradient and rounded bottom corners.
func appGradientHeader() -> CAGradientLayer {
    let header = CAGradientLayer()
    header.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
    header.colors = [UIColor(red: 0.2, green: 0.4, blue: 1, alpha: 1).cgColor,
                     UIColor(red: 0.6, green: 0.2, blue: 0.8, alpha: 1).cgColor]
    header.locations = [0, 1]
    header.type = .axial
    header.cornerRadius = 24
    header.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    header.masksToBounds = true
    return header
}

/// A loading spinner: twelve dots by a replicator, each fading one after the other.
func appSpinner() -> CAReplicatorLayer {
    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    let count = 12
    replicator.instanceCount = count
    replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
    replicator.instanceDelay = 1.0 / Double(count)

    let dot = CALayer()
    dot.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    dot.position = CGPoint(x: 30, y: 6)
    dot.cornerRadius = 4
    dot.backgroundColor = UIColor.darkGray.cgColor
    dot.opacity = 0.1
    replicator.addSublayer(dot)

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1.0
    fade.toValue = 0.1
    fade.duration = 1
    fade.repeatCount = .infinity
    dot.add(fade, forKey: "fade")
    return replicator
}

/// A spinning square, the classic "transform.rotation.z" animation.
func appSpinningSquare() -> CALayer {
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let arm = CALayer()
    arm.frame = CGRect(x: 45, y: 0, width: 10, height: 50)
    arm.backgroundColor = UIColor.red.cgColor
    square.addSublayer(arm)
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0
    spin.toValue = CGFloat.pi * 2
    spin.duration = 4
    spin.repeatCount = .infinity
    square.add(spin, forKey: "spin")
    return square
}

/// A single-line label that truncates its tail.
func appTruncatingLabel() -> CATextLayer {
    let label = CATextLayer()
    label.frame = CGRect(x: 0, y: 0, width: 120, height: 24)
    label.string = "A very long title that cannot fit on one line"
    label.font = UIFont.systemFont(ofSize: 16)
    label.fontSize = 16
    label.foregroundColor = UIColor.label.cgColor
    label.truncationMode = .end
    label.isWrapped = false
    label.alignmentMode = .natural
    label.contentsScale = UIScreen.main.scale
    return label
}
