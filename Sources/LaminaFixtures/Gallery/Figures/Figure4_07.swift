import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_7 = GalleryFigure(
        number: "4.7", title: "The shadow follows the exact outline of the contents and the sublayers, not the bounds",
        reference: "Chapter 4, Drop Shadows: Figure 4.7",
        sourceFile: "Figure4_07.swift", functions: ["figure4_7"],
        code: figure4_7Code, build: { figure4_7($0) })

    /// A star-shaped backing image, and a rounded layer with an overhanging sublayer, both with a shadow.
    static func figure4_7(_ view: Layer) {
        let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

        //the first layer's shadow takes the shape of its image's alpha
        layerView1.backgroundColor = nil
        layerView1.sublayers?.first?.removeFromSuperlayer()
        layerView1.contents = starImage()

        //the second's shadow includes the red sublayer
        layerView2.cornerRadius = 20

        for layerView in [layerView1, layerView2] {
            layerView.shadowOpacity = 0.5
            layerView.shadowOffset = CGSize(width: 0, height: 5)
            layerView.shadowRadius = 5
        }
    }

    static let figure4_7Code = #"""
        static func figure4_7(_ view: Layer) {
            let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

            //the first layer's shadow takes the shape of its image's alpha
            layerView1.backgroundColor = nil
            layerView1.sublayers?.first?.removeFromSuperlayer()
            layerView1.contents = starImage()

            //the second's shadow includes the red sublayer
            layerView2.cornerRadius = 20

            for layerView in [layerView1, layerView2] {
                layerView.shadowOpacity = 0.5
                layerView.shadowOffset = CGSize(width: 0, height: 5)
                layerView.shadowRadius = 5
            }
        }
        """#
}
