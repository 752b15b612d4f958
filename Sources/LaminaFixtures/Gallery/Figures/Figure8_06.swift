import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figure8_6: GalleryFigure = {
        var f = GalleryFigure(
            number: "8.6", title: "A ship flying along a Bézier curve with CAKeyframeAnimation, turned to its tangent (rotationMode)",
            reference: "Chapter 8, Explicit Animations: Keyframe Animations, Figures 8.5-8.6, Listings 8.6-8.7",
            width: 320, height: 240,
            sourceFile: "Figure8_06.swift", functions: ["figure8_6"],
            code: figure8_6Code, build: { figure8_6($0) })
        f.timeline = 0...4
        f.fps = 30
        f.stillTime = 1.3
        return f
    }()

    /// Listings 8.6 and 8.7: the path drawn as a CAShapeLayer, a ship layer animated along it for 4 s with
    /// `rotationMode` auto.
    static func figure8_6(_ view: Layer) {
        //create a path
        let bezierPath = UIBezierPath()
        bezierPath.move(to: CGPoint(x: 0, y: 150))
        bezierPath.addCurve(to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0),
                            controlPoint2: CGPoint(x: 225, y: 300))

        //draw the path using a CAShapeLayer
        let pathLayer = CAShapeLayer()
        pathLayer.path = bezierPath.cgPath
        pathLayer.fillColor = UIColor.clear.cgColor
        pathLayer.strokeColor = UIColor.red.cgColor
        pathLayer.lineWidth = 3
        view.addSublayer(pathLayer)

        //add the ship
        let shipLayer = CALayer()
        shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
        shipLayer.position = CGPoint(x: 0, y: 150)
        shipLayer.backgroundColor = UIColor.systemBlue.cgColor
        shipLayer.cornerRadius = 16
        let nose = CALayer()
        nose.frame = CGRect(x: 44, y: 8, width: 16, height: 16)
        nose.cornerRadius = 8
        nose.backgroundColor = UIColor.white.cgColor
        shipLayer.addSublayer(nose)
        view.addSublayer(shipLayer)

        //create the keyframe animation
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position"
        animation.duration = 4
        animation.path = bezierPath.cgPath
        animation.rotationMode = .rotateAuto
        shipLayer.add(animation, forKey: nil)
    }

    static let figure8_6Code = #"""
        static func figure8_6(_ view: Layer) {
            //create a path
            let bezierPath = UIBezierPath()
            bezierPath.move(to: CGPoint(x: 0, y: 150))
            bezierPath.addCurve(to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0),
                                controlPoint2: CGPoint(x: 225, y: 300))

            //draw the path using a CAShapeLayer
            let pathLayer = CAShapeLayer()
            pathLayer.path = bezierPath.cgPath
            pathLayer.fillColor = UIColor.clear.cgColor
            pathLayer.strokeColor = UIColor.red.cgColor
            pathLayer.lineWidth = 3
            view.addSublayer(pathLayer)

            //add the ship
            let shipLayer = CALayer()
            shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
            shipLayer.position = CGPoint(x: 0, y: 150)
            shipLayer.backgroundColor = UIColor.systemBlue.cgColor
            shipLayer.cornerRadius = 16
            let nose = CALayer()
            nose.frame = CGRect(x: 44, y: 8, width: 16, height: 16)
            nose.cornerRadius = 8
            nose.backgroundColor = UIColor.white.cgColor
            shipLayer.addSublayer(nose)
            view.addSublayer(shipLayer)

            //create the keyframe animation
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4
            animation.path = bezierPath.cgPath
            animation.rotationMode = .rotateAuto
            shipLayer.add(animation, forKey: nil)
        }
        """#
}
