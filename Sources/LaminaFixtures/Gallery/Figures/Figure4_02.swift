import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_2 = GalleryFigure(
        number: "4.2", title: "cornerRadius rounds the background; masksToBounds clips the red sublayer to the curve",
        reference: "Chapter 4, Rounded Corners: Figure 4.2, Listing 4.1",
        sourceFile: "Figure4_02.swift", functions: ["figure4_2"],
        code: figure4_2Code, build: { figure4_2($0) })

    /// Listing 4.1: setting cornerRadius and masksToBounds.
    static func figure4_2(_ view: Layer) {
        let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

        //set the corner radius on our layers
        layerView1.cornerRadius = 20
        layerView2.cornerRadius = 20

        //enable clipping on the second layer
        layerView2.masksToBounds = true
    }

    static let figure4_2Code = #"""
        static func figure4_2(_ view: Layer) {
            let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

            //set the corner radius on our layers
            layerView1.cornerRadius = 20
            layerView2.cornerRadius = 20

            //enable clipping on the second layer
            layerView2.masksToBounds = true
        }
        """#
}
