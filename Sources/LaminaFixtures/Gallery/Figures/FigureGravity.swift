import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figureGravity = GalleryFigure(
        number: "Gravity",
        title: "contentsGravity: center, top, bottom (top means maximum y: the visual bottom on iOS), resize, resizeAspect, resizeAspectFill",
        reference: "Chapter 2, The Backing Image: contentsGravity",
        width: 520, height: 290,
        sourceFile: "FigureGravity.swift", functions: ["figureGravity"],
        code: figureGravityCode, build: { figureGravity($0) })

    /// The same 40-pixel arrow image in six 140 x 100 layers, placed by each gravity.
    static func figureGravity(_ view: Layer) {
        let gravities: [ContentsGravity] = [.center, .top, .bottom, .resize, .resizeAspect, .resizeAspectFill]
        for (i, gravity) in gravities.enumerated() {
            let layer = CALayer()
            layer.frame = CGRect(x: 25 + Double(i % 3) * 165, y: 40 + Double(i / 3) * 130, width: 140, height: 100)
            layer.backgroundColor = Color.white
            layer.contents = arrowImage()
            layer.contentsGravity = gravity
            layer.borderWidth = 1
            view.addSublayer(layer)
        }
    }

    static let figureGravityCode = #"""
        static func figureGravity(_ view: Layer) {
            let gravities: [ContentsGravity] = [.center, .top, .bottom, .resize, .resizeAspect, .resizeAspectFill]
            for (i, gravity) in gravities.enumerated() {
                let layer = CALayer()
                layer.frame = CGRect(x: 25 + Double(i % 3) * 165, y: 40 + Double(i / 3) * 130, width: 140, height: 100)
                layer.backgroundColor = Color.white
                layer.contents = arrowImage()
                layer.contentsGravity = gravity
                layer.borderWidth = 1
                view.addSublayer(layer)
            }
        }
        """#
}
