import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure2_12 = GalleryFigure(
        number: "2.12", title: "Custom drawing: the layer's delegate strokes a thick red circle into its backing store",
        reference: "Chapter 2, The Backing Image: Custom Drawing, Figure 2.12, Listing 2.2",
        sourceFile: "Figure2_12.swift", functions: ["figure2_12", "drawLayer"],
        code: figure2_12Code, build: { figure2_12($0) })

    /// The view controller of Listing 2.2, as the blue layer's delegate. A layer holds its delegate weakly,
    /// as in Core Animation, so the controller lives as long as the gallery.
    final class CustomDrawingController: LayerDelegate {
        static let shared = CustomDrawingController()
        func drawLayer(_ layer: Layer, in ctx: DrawingContext) { Gallery.drawLayer(layer, in: ctx) }
    }

    /// Listing 2.2's viewDidLoad: a blue sublayer whose delegate draws it, at the screen's scale.
    static func figure2_12(_ view: Layer) {
        let layerView = CALayer()
        layerView.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
        layerView.backgroundColor = UIColor.white.cgColor
        view.addSublayer(layerView)

        //create sublayer
        let blueLayer = CALayer()
        blueLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        blueLayer.backgroundColor = UIColor.blue.cgColor

        //set controller as layer delegate
        blueLayer.delegate = CustomDrawingController.shared

        //ensure that layer backing image uses correct scale
        blueLayer.contentsScale = 2 // [UIScreen mainScreen].scale
        layerView.addSublayer(blueLayer)
    }

    /// Listing 2.2's drawLayer:inContext:.
    static func drawLayer(_ layer: Layer, in ctx: CGContext) {
        //draw a thick red circle
        ctx.setLineWidth(10)
        ctx.setStrokeColor(UIColor.red.cgColor)
        ctx.strokeEllipse(in: layer.bounds)
    }

    static let figure2_12Code = #"""
        static func figure2_12(_ view: Layer) {
            let layerView = CALayer()
            layerView.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
            layerView.backgroundColor = UIColor.white.cgColor
            view.addSublayer(layerView)

            //create sublayer
            let blueLayer = CALayer()
            blueLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            blueLayer.backgroundColor = UIColor.blue.cgColor

            //set controller as layer delegate
            blueLayer.delegate = CustomDrawingController.shared

            //ensure that layer backing image uses correct scale
            blueLayer.contentsScale = 2 // [UIScreen mainScreen].scale
            layerView.addSublayer(blueLayer)
        }

        static func drawLayer(_ layer: Layer, in ctx: CGContext) {
            //draw a thick red circle
            ctx.setLineWidth(10)
            ctx.setStrokeColor(UIColor.red.cgColor)
            ctx.strokeEllipse(in: layer.bounds)
        }
        """#
}
