import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_8 = GalleryFigure(
        number: "4.8", title: "masksToBounds clips the shadow along with the contents",
        reference: "Chapter 4, Shadow Clipping: Figure 4.8",
        sourceFile: "Figure4_08.swift", functions: ["figure4_8"],
        code: figure4_8Code, build: { figure4_8($0) })

    /// The same shadow on both layers; the second clips to its bounds, and its shadow is clipped too.
    static func figure4_8(_ view: Layer) {
        let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

        //set the corner radius on our layers
        layerView1.cornerRadius = 20
        layerView2.cornerRadius = 20

        //add a shadow to both layers
        for layerView in [layerView1, layerView2] {
            layerView.shadowOpacity = 0.5
            layerView.shadowOffset = CGSize(width: 0, height: 5)
            layerView.shadowRadius = 5
        }

        //enable clipping on the second layer
        layerView2.masksToBounds = true
    }

    static let figure4_8Code = #"""
        static func figure4_8(_ view: Layer) {
            let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

            //set the corner radius on our layers
            layerView1.cornerRadius = 20
            layerView2.cornerRadius = 20

            //add a shadow to both layers
            for layerView in [layerView1, layerView2] {
                layerView.shadowOpacity = 0.5
                layerView.shadowOffset = CGSize(width: 0, height: 5)
                layerView.shadowRadius = 5
            }

            //enable clipping on the second layer
            layerView2.masksToBounds = true
        }
        """#
}
