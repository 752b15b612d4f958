import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_5 = GalleryFigure(
        number: "4.5", title: "The default shadowOffset (0, -3): upward on iOS (left), downward on macOS (right)",
        reference: "Chapter 4, Drop Shadows: Figure 4.5",
        sourceFile: "Figure4_05.swift", functions: ["figure4_5"],
        code: figure4_5Code, build: { figure4_5($0) })

    /// The same shadow on iOS's axes (+y down) and on macOS's (+y up, here a geometry-flipped container).
    static func figure4_5(_ view: Layer) {
        //iOS: the default offset casts the shadow 3 points up
        let iosLayer = CALayer()
        iosLayer.frame = CGRect(x: 40, y: 40, width: 200, height: 200)
        iosLayer.backgroundColor = Color.white
        iosLayer.shadowOpacity = 1
        view.addSublayer(iosLayer)

        //macOS: the y axis points up, which a geometry-flipped container gives its sublayers
        let macView = CALayer()
        macView.frame = CGRect(x: 260, y: 0, width: 260, height: 280)
        macView.isGeometryFlipped = true
        view.addSublayer(macView)

        let macLayer = CALayer()
        macLayer.frame = CGRect(x: 20, y: 40, width: 200, height: 200)
        macLayer.backgroundColor = Color.white
        macLayer.shadowOpacity = 1
        macView.addSublayer(macLayer)
    }

    static let figure4_5Code = #"""
        static func figure4_5(_ view: Layer) {
            //iOS: the default offset casts the shadow 3 points up
            let iosLayer = CALayer()
            iosLayer.frame = CGRect(x: 40, y: 40, width: 200, height: 200)
            iosLayer.backgroundColor = Color.white
            iosLayer.shadowOpacity = 1
            view.addSublayer(iosLayer)

            //macOS: the y axis points up, which a geometry-flipped container gives its sublayers
            let macView = CALayer()
            macView.frame = CGRect(x: 260, y: 0, width: 260, height: 280)
            macView.isGeometryFlipped = true
            view.addSublayer(macView)

            let macLayer = CALayer()
            macLayer.frame = CGRect(x: 20, y: 40, width: 200, height: 200)
            macLayer.backgroundColor = Color.white
            macLayer.shadowOpacity = 1
            macView.addSublayer(macLayer)
        }
        """#
}
