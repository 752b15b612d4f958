import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figurePerspective = GalleryFigure(
        number: "Perspective", title: "Rotated 45 degrees about the y axis: without perspective (left), with m34 = -1/500 (right)",
        reference: "Chapter 5, Transforms: 3D Transforms and Perspective Projection",
        sourceFile: "FigurePerspective.swift", functions: ["figurePerspective"],
        code: figurePerspectiveCode, build: { figurePerspective($0) })

    /// The rotation alone only narrows the layer; m34 makes the near edge larger than the far one.
    static func figurePerspective(_ view: Layer) {
        let flatView = CALayer()
        flatView.frame = CGRect(x: 40, y: 40, width: 200, height: 200)
        flatView.contents = landscapeImage()
        flatView.transform = Transform3D.identity.rotated(.pi / 4, 0, 1, 0)
        view.addSublayer(flatView)

        let layerView = CALayer()
        layerView.frame = CGRect(x: 280, y: 40, width: 200, height: 200)
        layerView.contents = landscapeImage()
        view.addSublayer(layerView)

        //create a new transform
        var transform = Transform3D.identity
        //apply perspective
        transform.m34 = -1.0 / 500.0
        //rotate by 45 degrees along the Y axis
        transform = transform.rotated(.pi / 4, 0, 1, 0)
        //apply to layer
        layerView.transform = transform
    }

    static let figurePerspectiveCode = #"""
        static func figurePerspective(_ view: Layer) {
            let flatView = CALayer()
            flatView.frame = CGRect(x: 40, y: 40, width: 200, height: 200)
            flatView.contents = landscapeImage()
            flatView.transform = Transform3D.identity.rotated(.pi / 4, 0, 1, 0)
            view.addSublayer(flatView)

            let layerView = CALayer()
            layerView.frame = CGRect(x: 280, y: 40, width: 200, height: 200)
            layerView.contents = landscapeImage()
            view.addSublayer(layerView)

            //create a new transform
            var transform = Transform3D.identity
            //apply perspective
            transform.m34 = -1.0 / 500.0
            //rotate by 45 degrees along the Y axis
            transform = transform.rotated(.pi / 4, 0, 1, 0)
            //apply to layer
            layerView.transform = transform
        }
        """#
}
