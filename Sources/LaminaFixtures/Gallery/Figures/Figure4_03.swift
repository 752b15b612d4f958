import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_3 = GalleryFigure(
        number: "4.3", title: "Adding a border: it follows the rounded corners and is drawn over the sublayers",
        reference: "Chapter 4, Layer Borders: Figure 4.3, Listing 4.2",
        sourceFile: "Figure4_03.swift", functions: ["figure4_3"],
        code: figure4_3Code, build: { figure4_3($0) })

    /// Listing 4.2: adding a border.
    static func figure4_3(_ view: Layer) {
        let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

        //set the corner radius on our layers
        layerView1.cornerRadius = 20
        layerView2.cornerRadius = 20

        //add a border to our layers
        layerView1.borderWidth = 5
        layerView2.borderWidth = 5

        //enable clipping on the second layer
        layerView2.masksToBounds = true
    }

    static let figure4_3Code = #"""
        static func figure4_3(_ view: Layer) {
            let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

            //set the corner radius on our layers
            layerView1.cornerRadius = 20
            layerView2.cornerRadius = 20

            //add a border to our layers
            layerView1.borderWidth = 5
            layerView2.borderWidth = 5

            //enable clipping on the second layer
            layerView2.masksToBounds = true
        }
        """#
}
