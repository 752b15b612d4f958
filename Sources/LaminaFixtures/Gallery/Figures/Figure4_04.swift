import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_4 = GalleryFigure(
        number: "4.4", title: "The border follows the layer's bounds, not the shape of its contents or sublayers",
        reference: "Chapter 4, Layer Borders: Figure 4.4",
        sourceFile: "Figure4_04.swift", functions: ["figure4_4"],
        code: figure4_4Code, build: { figure4_4($0) })

    /// A backing image with transparent areas, and a sublayer that overhangs: the border ignores both.
    static func figure4_4(_ view: Layer) {
        let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

        //the first layer shows an image whose alpha has the shape of a star
        layerView1.backgroundColor = nil
        layerView1.sublayers?.first?.removeFromSuperlayer()
        layerView1.contents = starImage()

        //the second keeps its overhanging red sublayer
        layerView2.cornerRadius = 20

        //add a border to our layers
        layerView1.borderWidth = 5
        layerView2.borderWidth = 5
    }

    static let figure4_4Code = #"""
        static func figure4_4(_ view: Layer) {
            let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

            //the first layer shows an image whose alpha has the shape of a star
            layerView1.backgroundColor = nil
            layerView1.sublayers?.first?.removeFromSuperlayer()
            layerView1.contents = starImage()

            //the second keeps its overhanging red sublayer
            layerView2.cornerRadius = 20

            //add a border to our layers
            layerView1.borderWidth = 5
            layerView2.borderWidth = 5
        }
        """#
}
