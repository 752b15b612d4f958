import LaminaKit

// "iOS Core Animation: Advanced Techniques", chapters 4-5 (visual effects, transforms) in Swift.

// MARK: - Chapter 4: Visual effects

/// Listing 4.1/4.2: rounded corners, a border, and a sublayer clipped (or not) by masksToBounds.
func ch4CornersAndBorder(masksToBounds: Bool) -> CALayer {
    let view = CALayer()
    view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    view.backgroundColor = UIColor.white.cgColor
    view.cornerRadius = 20.0
    view.borderWidth = 5.0
    view.borderColor = UIColor.black.cgColor

    let redLayer = CALayer()
    redLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
    redLayer.backgroundColor = UIColor.red.cgColor
    view.addSublayer(redLayer)
    view.masksToBounds = masksToBounds
    return view
}

/// Listing 4.3/4.4: shadows, including one given by a shadowPath, on a layer with no backing.
func ch4Shadows() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 240, height: 120)
    container.backgroundColor = UIColor.white.cgColor

    let square = CALayer()
    square.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
    square.backgroundColor = UIColor.lightGray.cgColor
    square.shadowColor = UIColor.black.cgColor
    square.shadowOpacity = 0.5
    square.shadowOffset = CGSize(width: 0, height: 5)
    square.shadowRadius = 5
    // Listing 4.4: a square shadow path.
    let squarePath = CGMutablePath()
    squarePath.addRect(square.bounds)
    square.shadowPath = squarePath
    container.addSublayer(square)

    let circleShadow = CALayer()
    circleShadow.frame = CGRect(x: 140, y: 20, width: 80, height: 80)
    circleShadow.shadowOpacity = 1
    circleShadow.shadowColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
    circleShadow.shadowOffset = .zero
    circleShadow.shadowRadius = 0
    // Listing 4.4: a circular shadow path, without any contents.
    let circlePath = CGMutablePath()
    circlePath.addEllipse(in: circleShadow.bounds)
    circleShadow.shadowPath = circlePath
    container.addSublayer(circleShadow)
    return container
}

/// Listing 4.5: a layer masked by another layer's image.
func ch4ImageMask() -> CALayer {
    let imageLayer = CALayer()
    imageLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    imageLayer.backgroundColor = UIColor.purple.cgColor

    let maskLayer = CALayer()
    maskLayer.frame = imageLayer.bounds
    // The mask image: opaque left half, transparent right half.
    maskLayer.contents = makeTestImage(width: 100, height: 100) { ctx in
        ctx.clear(CGRect(x: 0, y: 0, width: 100, height: 100))
        ctx.setFillColor(UIColor.black.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 50, height: 100))
    }
    imageLayer.mask = maskLayer
    return imageLayer
}

/// Listing 4.6: a pixel-art digit magnified with the nearest filter.
func ch4NearestFilter() -> CALayer {
    let digit = CALayer()
    digit.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
    digit.contents = makeTestImage(width: 2, height: 2) { ctx in
        ctx.setFillColor(UIColor.black.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        ctx.setFillColor(UIColor.white.cgColor)
        ctx.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
    }
    digit.magnificationFilter = .nearest
    digit.minificationFilter = .trilinear
    digit.minificationFilterBias = 0
    return digit
}

/// Listing 4.7: group opacity through shouldRasterize: a translucent button whose label does not show its
/// background through.
func ch4GroupOpacity() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    container.backgroundColor = UIColor.white.cgColor

    func customButton(at origin: CGPoint) -> CALayer {
        let button = CALayer()
        button.frame = CGRect(origin: origin, size: CGSize(width: 80, height: 80))
        button.backgroundColor = UIColor.black.cgColor
        button.cornerRadius = 10
        let label = CALayer()
        label.frame = CGRect(x: 20, y: 30, width: 40, height: 20)
        label.backgroundColor = UIColor.black.cgColor
        button.addSublayer(label)
        return button
    }

    let plain = customButton(at: CGPoint(x: 10, y: 10))
    plain.opacity = 0.5
    plain.allowsGroupOpacity = false
    container.addSublayer(plain)

    let grouped = customButton(at: CGPoint(x: 110, y: 10))
    grouped.opacity = 0.5
    grouped.shouldRasterize = true
    grouped.rasterizationScale = UIScreen.main.scale
    container.addSublayer(grouped)
    return container
}

// MARK: - Chapter 5: Transforms

/// Listing 5.1-5.3: affine transforms, rotation, combined scale-rotate-translate, and a shear.
func ch5AffineTransforms() -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 300, height: 100)

    let rotated = CALayer()
    rotated.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
    rotated.backgroundColor = UIColor.red.cgColor
    rotated.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
    container.addSublayer(rotated)

    let combined = CALayer()
    combined.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
    combined.backgroundColor = UIColor.green.cgColor
    var transform = CGAffineTransform.identity
    transform = transform.scaledBy(x: 0.5, y: 0.5)
    transform = transform.rotated(by: .pi / 180.0 * 30.0)
    transform = transform.translatedBy(x: 20, y: 0)
    combined.setAffineTransform(transform)
    container.addSublayer(combined)

    let sheared = CALayer()
    sheared.frame = CGRect(x: 225, y: 25, width: 50, height: 50)
    sheared.backgroundColor = UIColor.blue.cgColor
    sheared.setAffineTransform(CGAffineTransformMakeShear(1, 0))
    container.addSublayer(sheared)
    return container
}

/// Listing 5.4's helper: a shear as an affine transform.
func CGAffineTransformMakeShear(_ x: CGFloat, _ y: CGFloat) -> CGAffineTransform {
    var transform = CGAffineTransform.identity
    transform.c = -x
    transform.b = y
    return transform
}

/// Listing 5.5/5.6: a perspective rotation about y; two siblings sharing a vanishing point by sublayerTransform.
func ch5Perspective(shared: Bool) -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    container.backgroundColor = UIColor.white.cgColor

    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500.0
    if shared {
        container.sublayerTransform = perspective
    }
    for (i, angle) in [CGFloat.pi / 4, -CGFloat.pi / 4].enumerated() {
        let layer = CALayer()
        layer.frame = CGRect(x: 20 + CGFloat(i) * 100, y: 20, width: 60, height: 60)
        layer.backgroundColor = UIColor.blue.cgColor
        var transform = shared ? CATransform3DIdentity : perspective
        transform = CATransform3DRotate(transform, angle, 0, 1, 0)
        layer.transform = transform
        container.addSublayer(layer)
    }
    return container
}

/// Listing 5.8: isDoubleSided = false hides a layer turned away from the viewer.
func ch5BackFace(doubleSided: Bool) -> CALayer {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let face = CALayer()
    face.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
    face.backgroundColor = UIColor.red.cgColor
    face.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    face.isDoubleSided = doubleSided
    container.addSublayer(face)
    return container
}

/// Listing 5.9-5.11: a cube of six faces placed by 3D transforms in a CATransformLayer, seen at an angle.
struct Cube {
    static let faceColors: [UIColor] = [.red, .green, .blue, .yellow, .cyan, .magenta]

    static func face(with transform: CATransform3D, color: UIColor) -> CALayer {
        let face = CALayer()
        face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
        face.backgroundColor = color.cgColor
        face.transform = transform
        face.isDoubleSided = false
        return face
    }

    static func cube(with transform: CATransform3D) -> CATransformLayer {
        let cube = CATransformLayer()
        // Front, right, top, left, bottom, back.
        var ct = CATransform3DMakeTranslation(0, 0, 50)
        cube.addSublayer(face(with: ct, color: faceColors[0]))
        ct = CATransform3DMakeTranslation(50, 0, 0)
        ct = CATransform3DRotate(ct, .pi / 2, 0, 1, 0)
        cube.addSublayer(face(with: ct, color: faceColors[1]))
        ct = CATransform3DMakeTranslation(0, -50, 0)
        ct = CATransform3DRotate(ct, .pi / 2, 1, 0, 0)
        cube.addSublayer(face(with: ct, color: faceColors[2]))
        ct = CATransform3DMakeTranslation(-50, 0, 0)
        ct = CATransform3DRotate(ct, -.pi / 2, 0, 1, 0)
        cube.addSublayer(face(with: ct, color: faceColors[3]))
        ct = CATransform3DMakeTranslation(0, 50, 0)
        ct = CATransform3DRotate(ct, -.pi / 2, 1, 0, 0)
        cube.addSublayer(face(with: ct, color: faceColors[4]))
        ct = CATransform3DMakeTranslation(0, 0, -50)
        ct = CATransform3DRotate(ct, .pi, 0, 1, 0)
        cube.addSublayer(face(with: ct, color: faceColors[5]))

        let containerSize = CGSize(width: 200, height: 200)
        cube.position = CGPoint(x: containerSize.width / 2.0, y: containerSize.height / 2.0)
        cube.transform = transform
        return cube
    }

    static func scene(angle: CGFloat = 0) -> CALayer {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        container.backgroundColor = UIColor.black.cgColor
        var pt = CATransform3DIdentity
        pt.m34 = -1.0 / 500.0
        container.sublayerTransform = pt

        var c1t = CATransform3DIdentity
        c1t = CATransform3DRotate(c1t, -.pi / 4 + angle, 1, 0, 0)
        c1t = CATransform3DRotate(c1t, -.pi / 4, 0, 1, 0)
        container.addSublayer(cube(with: c1t))
        return container
    }
}

/// The CATransform3D functions iOS code calls, in one place.
func ch5TransformMaths() -> [Bool] {
    let rotation = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    let affine = CATransform3DGetAffineTransform(rotation)
    let back = CATransform3DMakeAffineTransform(affine)
    let inverse = CATransform3DInvert(rotation)
    let product = CATransform3DConcat(rotation, inverse)
    let scaled = CATransform3DScale(CATransform3DIdentity, 2, 2, 1)
    let moved = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
    return [
        CATransform3DIsAffine(rotation),
        CATransform3DEqualToTransform(rotation, back),
        CATransform3DIsIdentity(CATransform3DIdentity),
        abs(product.m11 - 1) < 1e-9 && abs(product.m12) < 1e-9,
        !CATransform3DIsIdentity(scaled),
        moved.m41 == 20,
        abs(affine.b - 1) < 1e-9,
    ]
}
