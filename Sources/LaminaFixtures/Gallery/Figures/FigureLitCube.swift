import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figureLitCube = GalleryFigure(
        number: "Lit cube", title: "A cube of six sibling layers under a turned sublayerTransform, lit by each face's normal",
        reference: "Chapter 5, Transforms: Solid Objects, Light and Shadow (applyLightingToFace)",
        sourceFile: "FigureLitCube.swift", functions: ["figureLitCube", "applyLightingToFace"],
        code: figureLitCubeCode, build: { figureLitCube($0) })

    /// Chapter 5's solid object: six faces as plain sublayers of a container whose sublayerTransform carries
    /// the perspective and the turn (the siblings share its 3D space and are depth-sorted), each face darkened
    /// by how far its normal turns from the light, as the book's applyLightingToFace does with GLKit.
    static func figureLitCube(_ view: Layer) {
        let containerView = CALayer()
        containerView.frame = CGRect(x: 210, y: 90, width: 100, height: 100)
        view.addSublayer(containerView)

        //set up the container sublayer transform
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        containerView.sublayerTransform = perspective

        //add the six faces
        let placements = [
            CATransform3DMakeTranslation(0, 0, 50),
            CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
        ]
        for transform in placements {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            face.position = CGPoint(x: 50, y: 50)
            face.backgroundColor = UIColor.white.cgColor
            face.borderWidth = 2
            face.borderColor = UIColor.darkGray.cgColor
            face.transform = transform
            applyLightingToFace(face, containerTransform: perspective)
            containerView.addSublayer(face)
        }
    }

    /// The book's lighting: a black sublayer whose alpha grows as the face's normal turns from the light.
    static func applyLightingToFace(_ face: CALayer, containerTransform: CATransform3D) {
        //add lighting layer to face
        let layer = CALayer()
        layer.frame = face.bounds
        face.addSublayer(layer)

        //the face's normal after its own transform and the container's turn (the perspective left out)
        var turn = containerTransform
        turn.m34 = 0
        let t = CATransform3DConcat(face.transform, turn)
        var normal = (x: t.m31, y: t.m32, z: t.m33)
        let length = (normal.x * normal.x + normal.y * normal.y + normal.z * normal.z).squareRoot()
        normal = (normal.x / length, normal.y / length, normal.z / length)

        //get dot product with light direction
        let light = (x: 0.0, y: 1.0, z: -0.5)
        let lightLength = (light.x * light.x + light.y * light.y + light.z * light.z).squareRoot()
        let dot = (light.x * normal.x + light.y * normal.y + light.z * normal.z) / lightLength

        //set lighting layer opacity
        let shadow = 1 + dot - 0.5 //AMBIENT_LIGHT
        layer.backgroundColor = UIColor(white: 0, alpha: min(max(shadow, 0), 1)).cgColor
    }

    static let figureLitCubeCode = #"""
        static func figureLitCube(_ view: Layer) {
            let containerView = CALayer()
            containerView.frame = CGRect(x: 210, y: 90, width: 100, height: 100)
            view.addSublayer(containerView)

            //set up the container sublayer transform
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
            perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
            containerView.sublayerTransform = perspective

            //add the six faces
            let placements = [
                CATransform3DMakeTranslation(0, 0, 50),
                CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
                CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
                CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
                CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
                CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
            ]
            for transform in placements {
                let face = CALayer()
                face.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                face.position = CGPoint(x: 50, y: 50)
                face.backgroundColor = UIColor.white.cgColor
                face.borderWidth = 2
                face.borderColor = UIColor.darkGray.cgColor
                face.transform = transform
                applyLightingToFace(face, containerTransform: perspective)
                containerView.addSublayer(face)
            }
        }

        static func applyLightingToFace(_ face: CALayer, containerTransform: CATransform3D) {
            //add lighting layer to face
            let layer = CALayer()
            layer.frame = face.bounds
            face.addSublayer(layer)

            //the face's normal after its own transform and the container's turn (the perspective left out)
            var turn = containerTransform
            turn.m34 = 0
            let t = CATransform3DConcat(face.transform, turn)
            var normal = (x: t.m31, y: t.m32, z: t.m33)
            let length = (normal.x * normal.x + normal.y * normal.y + normal.z * normal.z).squareRoot()
            normal = (normal.x / length, normal.y / length, normal.z / length)

            //get dot product with light direction
            let light = (x: 0.0, y: 1.0, z: -0.5)
            let lightLength = (light.x * light.x + light.y * light.y + light.z * light.z).squareRoot()
            let dot = (light.x * normal.x + light.y * normal.y + light.z * normal.z) / lightLength

            //set lighting layer opacity
            let shadow = 1 + dot - 0.5 //AMBIENT_LIGHT
            layer.backgroundColor = UIColor(white: 0, alpha: min(max(shadow, 0), 1)).cgColor
        }
        """#
}
