import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_12 = GalleryFigure(
        number: "4.12", title: "An image layer, a mask layer, and the two combined: only the mask's silhouette matters",
        reference: "Chapter 4, Layer Masking: Figure 4.12",
        sourceFile: "Figure4_12.swift", functions: ["figure4_12"],
        code: figure4_12Code, build: { figure4_12($0) })

    /// The image, the mask shown on its own, and the image with the mask applied.
    static func figure4_12(_ view: Layer) {
        let imageLayer = CALayer()
        imageLayer.frame = CGRect(x: 20, y: 60, width: 150, height: 150)
        imageLayer.contents = landscapeImage()
        view.addSublayer(imageLayer)

        //the mask's colour is irrelevant: a star image, drawn here as an ordinary layer
        let maskPreview = CALayer()
        maskPreview.frame = CGRect(x: 185, y: 60, width: 150, height: 150)
        maskPreview.contents = starImage()
        view.addSublayer(maskPreview)

        let maskedLayer = CALayer()
        maskedLayer.frame = CGRect(x: 350, y: 60, width: 150, height: 150)
        maskedLayer.contents = landscapeImage()
        view.addSublayer(maskedLayer)

        let maskLayer = CALayer()
        maskLayer.frame = maskedLayer.bounds
        maskLayer.contents = starImage()
        maskedLayer.mask = maskLayer
    }

    static let figure4_12Code = #"""
        static func figure4_12(_ view: Layer) {
            let imageLayer = CALayer()
            imageLayer.frame = CGRect(x: 20, y: 60, width: 150, height: 150)
            imageLayer.contents = landscapeImage()
            view.addSublayer(imageLayer)

            //the mask's colour is irrelevant: a star image, drawn here as an ordinary layer
            let maskPreview = CALayer()
            maskPreview.frame = CGRect(x: 185, y: 60, width: 150, height: 150)
            maskPreview.contents = starImage()
            view.addSublayer(maskPreview)

            let maskedLayer = CALayer()
            maskedLayer.frame = CGRect(x: 350, y: 60, width: 150, height: 150)
            maskedLayer.contents = landscapeImage()
            view.addSublayer(maskedLayer)

            let maskLayer = CALayer()
            maskLayer.frame = maskedLayer.bounds
            maskLayer.contents = starImage()
            maskedLayer.mask = maskLayer
        }
        """#
}
