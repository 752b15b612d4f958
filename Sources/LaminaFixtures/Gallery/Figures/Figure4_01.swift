import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_1 = GalleryFigure(
        number: "4.1", title: "Two large white layers, each containing a small red layer",
        reference: "Chapter 4, Rounded Corners: Figure 4.1 (the views the book lays out in Interface Builder)",
        sourceFile: "Figure4_01.swift", functions: ["whiteLayersWithRedSublayers"],
        code: figure4_1Code, build: { whiteLayersWithRedSublayers(in: $0) })

    /// The book's Interface Builder layout, in code: the starting point of most chapter 4 figures.
    @discardableResult static func whiteLayersWithRedSublayers(in view: Layer) -> (Layer, Layer) {
        let layerView1 = CALayer()
        layerView1.frame = CGRect(x: 40, y: 40, width: 200, height: 200)
        layerView1.backgroundColor = Color.white
        view.addSublayer(layerView1)

        let layerView2 = CALayer()
        layerView2.frame = CGRect(x: 280, y: 40, width: 200, height: 200)
        layerView2.backgroundColor = Color.white
        view.addSublayer(layerView2)

        //each has a red sublayer overhanging its bottom-right corner
        for layerView in [layerView1, layerView2] {
            let redView = CALayer()
            redView.frame = CGRect(x: 140, y: 140, width: 90, height: 90)
            redView.backgroundColor = Color.red
            layerView.addSublayer(redView)
        }
        return (layerView1, layerView2)
    }

    static let figure4_1Code = #"""
        @discardableResult static func whiteLayersWithRedSublayers(in view: Layer) -> (Layer, Layer) {
            let layerView1 = CALayer()
            layerView1.frame = CGRect(x: 40, y: 40, width: 200, height: 200)
            layerView1.backgroundColor = Color.white
            view.addSublayer(layerView1)

            let layerView2 = CALayer()
            layerView2.frame = CGRect(x: 280, y: 40, width: 200, height: 200)
            layerView2.backgroundColor = Color.white
            view.addSublayer(layerView2)

            //each has a red sublayer overhanging its bottom-right corner
            for layerView in [layerView1, layerView2] {
                let redView = CALayer()
                redView.frame = CGRect(x: 140, y: 140, width: 90, height: 90)
                redView.backgroundColor = Color.red
                layerView.addSublayer(redView)
            }
            return (layerView1, layerView2)
        }
        """#
}
