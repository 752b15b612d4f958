import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_13 = GalleryFigure(
        number: "4.13", title: "The image layer clipped by its mask layer",
        reference: "Chapter 4, Layer Masking: Figure 4.13, Listing 4.5",
        sourceFile: "Figure4_13.swift", functions: ["figure4_13"],
        code: figure4_13Code, build: { figure4_13($0) })

    /// Listing 4.5: applying a mask layer.
    static func figure4_13(_ view: Layer) {
        let imageView = CALayer()
        imageView.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
        imageView.contents = landscapeImage()
        view.addSublayer(imageView)

        //create mask layer
        let maskLayer = CALayer()
        maskLayer.frame = imageView.bounds
        maskLayer.contents = starImage()

        //apply mask to image layer
        imageView.mask = maskLayer
    }

    static let figure4_13Code = #"""
        static func figure4_13(_ view: Layer) {
            let imageView = CALayer()
            imageView.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
            imageView.contents = landscapeImage()
            view.addSublayer(imageView)

            //create mask layer
            let maskLayer = CALayer()
            maskLayer.frame = imageView.bounds
            maskLayer.contents = starImage()

            //apply mask to image layer
            imageView.mask = maskLayer
        }
        """#
}
