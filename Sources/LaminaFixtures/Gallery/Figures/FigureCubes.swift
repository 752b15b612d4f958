import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph
import LaminaGeometry

extension Gallery {
    static let figure5_21 = GalleryFigure(
        number: "Cubes", title: "Two cubes built from CATransformLayer under one perspective, faces depth-sorted",
        reference: "Chapter 6, Specialized Layers: CATransformLayer (two cubes with shared perspective)",
        sourceFile: "FigureCubes.swift", functions: ["figure5_21", "cubeWithTransform", "faceWithTransform"],
        code: figure5_21Code, build: { figure5_21($0) })

    /// The CATransformLayer listing: two cubes under one perspective, the second turned 45 degrees about x and about y.
    static func figure5_21(_ view: Layer) {
        let containerView = CALayer()
        containerView.frame = view.bounds
        view.addSublayer(containerView)

        //set up the perspective transform
        var pt = Transform3D.identity
        pt.m34 = -1.0 / 500.0
        containerView.sublayerTransform = pt

        //set up the transform for cube 1 and add it
        var c1t = Transform3D.identity
        c1t = c1t.translated(-100, 0, 0)
        let cube1 = cubeWithTransform(c1t, in: containerView)
        containerView.addSublayer(cube1)

        //set up the transform for cube 2 and add it
        var c2t = Transform3D.identity
        c2t = c2t.translated(100, 0, 0)
        c2t = c2t.rotated(-.pi / 4, 1, 0, 0)
        c2t = c2t.rotated(-.pi / 4, 0, 1, 0)
        let cube2 = cubeWithTransform(c2t, in: containerView)
        containerView.addSublayer(cube2)
    }

    /// The CATransformLayer listing's cube: six faces in a CATransformLayer, each moved 50 points out and turned to face out.
    static func cubeWithTransform(_ transform: Transform3D, in container: Layer) -> Layer {
        //create cube layer
        let cube = CATransformLayer()
        //add cube face 1
        var ct = Transform3D.translation(0, 0, 50)
        cube.addSublayer(faceWithTransform(ct, Color(red: 0.95, green: 0.35, blue: 0.35)))
        //add cube face 2
        ct = Transform3D.translation(50, 0, 0).rotated(.pi / 2, 0, 1, 0)
        cube.addSublayer(faceWithTransform(ct, Color(red: 0.35, green: 0.8, blue: 0.35)))
        //add cube face 3
        ct = Transform3D.translation(0, -50, 0).rotated(.pi / 2, 1, 0, 0)
        cube.addSublayer(faceWithTransform(ct, Color(red: 0.35, green: 0.45, blue: 0.95)))
        //add cube face 4
        ct = Transform3D.translation(0, 50, 0).rotated(-.pi / 2, 1, 0, 0)
        cube.addSublayer(faceWithTransform(ct, Color(red: 0.95, green: 0.85, blue: 0.25)))
        //add cube face 5
        ct = Transform3D.translation(-50, 0, 0).rotated(-.pi / 2, 0, 1, 0)
        cube.addSublayer(faceWithTransform(ct, Color(red: 0.8, green: 0.35, blue: 0.9)))
        //add cube face 6
        ct = Transform3D.translation(0, 0, -50).rotated(.pi, 0, 1, 0)
        cube.addSublayer(faceWithTransform(ct, Color(red: 0.25, green: 0.8, blue: 0.9)))
        //center the cube layer within the container
        let containerSize = container.bounds.size
        cube.position = CGPoint(x: containerSize.width / 2, y: containerSize.height / 2)
        //apply the transform and return
        cube.transform = transform
        return cube
    }

    /// The CATransformLayer listing's face: a 100-point square centred on the cube's origin, coloured (the book picks random
    /// colours; these are fixed so the figure is the same every time), with its placement transform.
    static func faceWithTransform(_ transform: Transform3D, _ color: Color) -> Layer {
        //create cube face layer
        let face = CALayer()
        face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
        //apply a colour
        face.backgroundColor = color
        face.transform = transform
        return face
    }

    static let figure5_21Code = #"""
        static func figure5_21(_ view: Layer) {
            let containerView = CALayer()
            containerView.frame = view.bounds
            view.addSublayer(containerView)

            //set up the perspective transform
            var pt = Transform3D.identity
            pt.m34 = -1.0 / 500.0
            containerView.sublayerTransform = pt

            //set up the transform for cube 1 and add it
            var c1t = Transform3D.identity
            c1t = c1t.translated(-100, 0, 0)
            let cube1 = cubeWithTransform(c1t, in: containerView)
            containerView.addSublayer(cube1)

            //set up the transform for cube 2 and add it
            var c2t = Transform3D.identity
            c2t = c2t.translated(100, 0, 0)
            c2t = c2t.rotated(-.pi / 4, 1, 0, 0)
            c2t = c2t.rotated(-.pi / 4, 0, 1, 0)
            let cube2 = cubeWithTransform(c2t, in: containerView)
            containerView.addSublayer(cube2)
        }

        static func cubeWithTransform(_ transform: Transform3D, in container: Layer) -> Layer {
            //create cube layer
            let cube = CATransformLayer()
            //add cube face 1
            var ct = Transform3D.translation(0, 0, 50)
            cube.addSublayer(faceWithTransform(ct, Color(red: 0.95, green: 0.35, blue: 0.35)))
            //add cube face 2
            ct = Transform3D.translation(50, 0, 0).rotated(.pi / 2, 0, 1, 0)
            cube.addSublayer(faceWithTransform(ct, Color(red: 0.35, green: 0.8, blue: 0.35)))
            //add cube face 3
            ct = Transform3D.translation(0, -50, 0).rotated(.pi / 2, 1, 0, 0)
            cube.addSublayer(faceWithTransform(ct, Color(red: 0.35, green: 0.45, blue: 0.95)))
            //add cube face 4
            ct = Transform3D.translation(0, 50, 0).rotated(-.pi / 2, 1, 0, 0)
            cube.addSublayer(faceWithTransform(ct, Color(red: 0.95, green: 0.85, blue: 0.25)))
            //add cube face 5
            ct = Transform3D.translation(-50, 0, 0).rotated(-.pi / 2, 0, 1, 0)
            cube.addSublayer(faceWithTransform(ct, Color(red: 0.8, green: 0.35, blue: 0.9)))
            //add cube face 6
            ct = Transform3D.translation(0, 0, -50).rotated(.pi, 0, 1, 0)
            cube.addSublayer(faceWithTransform(ct, Color(red: 0.25, green: 0.8, blue: 0.9)))
            //center the cube layer within the container
            let containerSize = container.bounds.size
            cube.position = CGPoint(x: containerSize.width / 2, y: containerSize.height / 2)
            //apply the transform and return
            cube.transform = transform
            return cube
        }

        static func faceWithTransform(_ transform: Transform3D, _ color: Color) -> Layer {
            //create cube face layer
            let face = CALayer()
            face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
            //apply a colour
            face.backgroundColor = color
            face.transform = transform
            return face
        }
        """#
}
