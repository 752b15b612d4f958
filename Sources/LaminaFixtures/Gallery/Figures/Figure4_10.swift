import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_10 = GalleryFigure(
        number: "4.10", title: "The layer on the right now has a shadow, despite clipping",
        reference: "Chapter 4, Shadow Clipping: Figure 4.10, Listing 4.3",
        sourceFile: "Figure4_10.swift", functions: ["figure4_10"],
        code: figure4_10Code, build: { figure4_10($0) })

    /// Listing 4.3: using an extra layer to solve shadow clipping problems.
    static func figure4_10(_ view: Layer) {
        let (layerView1, layerView2, shadowView) = layersWithShadowView(in: view)
        shadowView.borderWidth = 0

        //set the corner radius on our layers
        layerView1.cornerRadius = 20
        layerView2.cornerRadius = 20

        //add a border to our layers
        layerView1.borderWidth = 5
        layerView2.borderWidth = 5

        //add a shadow to layerView1
        layerView1.shadowOpacity = 0.5
        layerView1.shadowOffset = CGSize(width: 0, height: 5)
        layerView1.shadowRadius = 5

        //add same shadow to shadowView (not layerView2)
        shadowView.shadowOpacity = 0.5
        shadowView.shadowOffset = CGSize(width: 0, height: 5)
        shadowView.shadowRadius = 5

        //enable clipping on the second layer
        layerView2.masksToBounds = true
    }

    static let figure4_10Code = #"""
        static func figure4_10(_ view: Layer) {
            let (layerView1, layerView2, shadowView) = layersWithShadowView(in: view)
            shadowView.borderWidth = 0

            //set the corner radius on our layers
            layerView1.cornerRadius = 20
            layerView2.cornerRadius = 20

            //add a border to our layers
            layerView1.borderWidth = 5
            layerView2.borderWidth = 5

            //add a shadow to layerView1
            layerView1.shadowOpacity = 0.5
            layerView1.shadowOffset = CGSize(width: 0, height: 5)
            layerView1.shadowRadius = 5

            //add same shadow to shadowView (not layerView2)
            shadowView.shadowOpacity = 0.5
            shadowView.shadowOffset = CGSize(width: 0, height: 5)
            shadowView.shadowRadius = 5

            //enable clipping on the second layer
            layerView2.masksToBounds = true
        }
        """#
}
