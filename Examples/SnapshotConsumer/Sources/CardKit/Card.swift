import LaminaKit

/// A card as an app would build it, in the book's spellings: a rounded, shadowed card turned by a
/// rotation, on a grey canvas so the turn and the shadow show in a render of the canvas.
///
/// `Lamina.render(layer)` draws a layer in its own coordinates (as `renderInContext:` does), ignoring its
/// own transform, so the rotated card is a sublayer of the layer that is rendered.
public func makeCard(accent: UIColor = .systemBlue) -> CALayer {
    let canvas = CALayer()
    canvas.frame = CGRect(x: 0, y: 0, width: 240, height: 170)
    canvas.backgroundColor = UIColor.systemGray6.cgColor

    let card = CALayer()
    card.frame = CGRect(x: 20, y: 25, width: 200, height: 120)
    card.backgroundColor = accent.cgColor
    card.cornerRadius = 16
    card.shadowOpacity = 0.3
    card.transform = CATransform3DMakeRotation(.pi / 16, 0, 0, 1)
    canvas.addSublayer(card)

    let badge = CALayer()
    badge.frame = CGRect(x: 16, y: 16, width: 36, height: 36)
    badge.cornerRadius = 18
    badge.backgroundColor = UIColor.white.cgColor
    card.addSublayer(badge)
    return canvas
}
