import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_9 = GalleryFigure(
        number: "4.9", title: "The clipped layer wrapped in an outer shadow layer of the same frame (outlined in blue)",
        reference: "Chapter 4, Shadow Clipping: Figure 4.9",
        sourceFile: "Figure4_09.swift", functions: ["layersWithShadowView"],
        code: figure4_9Code, build: { layersWithShadowView(in: $0) })

    /// The second layer moved into a new, unclipped layer that will carry the shadow (Listing 4.3's setup).
    @discardableResult static func layersWithShadowView(in view: Layer) -> (Layer, Layer, Layer) {
        let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

        //an outer layer with the clipped layer's frame
        let shadowView = CALayer()
        shadowView.frame = layerView2.frame
        view.addSublayer(shadowView)

        //move the clipped layer inside it
        layerView2.frame = shadowView.bounds
        shadowView.addSublayer(layerView2)
        layerView2.cornerRadius = 20
        layerView2.masksToBounds = true

        //outline the shadow layer, for this figure only
        shadowView.borderWidth = 2
        shadowView.borderColor = Color.blue
        return (layerView1, layerView2, shadowView)
    }

    static let figure4_9Code = #"""
        @discardableResult static func layersWithShadowView(in view: Layer) -> (Layer, Layer, Layer) {
            let (layerView1, layerView2) = whiteLayersWithRedSublayers(in: view)

            //an outer layer with the clipped layer's frame
            let shadowView = CALayer()
            shadowView.frame = layerView2.frame
            view.addSublayer(shadowView)

            //move the clipped layer inside it
            layerView2.frame = shadowView.bounds
            shadowView.addSublayer(layerView2)
            layerView2.cornerRadius = 20
            layerView2.masksToBounds = true

            //outline the shadow layer, for this figure only
            shadowView.borderWidth = 2
            shadowView.borderColor = Color.blue
            return (layerView1, layerView2, shadowView)
        }
        """#
}
