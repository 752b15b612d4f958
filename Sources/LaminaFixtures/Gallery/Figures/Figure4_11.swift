import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figure4_11 = GalleryFigure(
        number: "4.11", title: "shadowPath gives the same image a square shadow and a circular one",
        reference: "Chapter 4, The shadowPath Property: Figure 4.11, Listing 4.4",
        sourceFile: "Figure4_11.swift", functions: ["figure4_11"],
        code: figure4_11Code, build: { figure4_11($0) })

    /// Listing 4.4: creating simple shadow paths.
    static func figure4_11(_ view: Layer) {
        let layerView1 = CALayer()
        layerView1.frame = CGRect(x: 40, y: 50, width: 200, height: 200)
        layerView1.contents = starImage()
        view.addSublayer(layerView1)

        let layerView2 = CALayer()
        layerView2.frame = CGRect(x: 280, y: 50, width: 200, height: 200)
        layerView2.contents = starImage()
        view.addSublayer(layerView2)

        //enable layer shadows
        layerView1.shadowOpacity = 0.5
        layerView2.shadowOpacity = 0.5

        //create a square shadow
        layerView1.shadowPath = CGPath(rect: layerView1.bounds, transform: nil)

        //create a circular shadow
        layerView2.shadowPath = CGPath(ellipseIn: layerView2.bounds, transform: nil)
    }

    static let figure4_11Code = #"""
        static func figure4_11(_ view: Layer) {
            let layerView1 = CALayer()
            layerView1.frame = CGRect(x: 40, y: 50, width: 200, height: 200)
            layerView1.contents = starImage()
            view.addSublayer(layerView1)

            let layerView2 = CALayer()
            layerView2.frame = CGRect(x: 280, y: 50, width: 200, height: 200)
            layerView2.contents = starImage()
            view.addSublayer(layerView2)

            //enable layer shadows
            layerView1.shadowOpacity = 0.5
            layerView2.shadowOpacity = 0.5

            //create a square shadow
            layerView1.shadowPath = CGPath(rect: layerView1.bounds, transform: nil)

            //create a circular shadow
            layerView2.shadowPath = CGPath(ellipseIn: layerView2.bounds, transform: nil)
        }
        """#
}
