import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figureNineSlice = GalleryFigure(
        number: "Nine-slice", title: "contentsCenter: one 32-pixel rounded frame stretched to any size; bottom left, without it",
        reference: "Chapter 2, The Backing Image: contentsCenter",
        width: 520, height: 260,
        sourceFile: "FigureNineSlice.swift", functions: ["figureNineSlice"],
        code: figureNineSliceCode, build: { figureNineSlice($0) })

    /// The frame image's middle quarter stretches; its corners keep their size.
    static func figureNineSlice(_ view: Layer) {
        let image = frameImage()
        let frames = [CGRect(x: 20, y: 30, width: 120, height: 60), CGRect(x: 160, y: 30, width: 200, height: 200),
                      CGRect(x: 380, y: 30, width: 120, height: 200)]
        for frame in frames {
            let layer = CALayer()
            layer.frame = frame
            layer.contents = image
            layer.contentsCenter = CGRect(x: 0.375, y: 0.375, width: 0.25, height: 0.25)
            view.addSublayer(layer)
        }

        //without contentsCenter the corners stretch with the rest
        let plain = CALayer()
        plain.frame = CGRect(x: 20, y: 110, width: 120, height: 120)
        plain.contents = image
        view.addSublayer(plain)
    }

    static let figureNineSliceCode = #"""
        static func figureNineSlice(_ view: Layer) {
            let image = frameImage()
            let frames = [CGRect(x: 20, y: 30, width: 120, height: 60), CGRect(x: 160, y: 30, width: 200, height: 200),
                          CGRect(x: 380, y: 30, width: 120, height: 200)]
            for frame in frames {
                let layer = CALayer()
                layer.frame = frame
                layer.contents = image
                layer.contentsCenter = CGRect(x: 0.375, y: 0.375, width: 0.25, height: 0.25)
                view.addSublayer(layer)
            }

            //without contentsCenter the corners stretch with the rest
            let plain = CALayer()
            plain.frame = CGRect(x: 20, y: 110, width: 120, height: 120)
            plain.contents = image
            view.addSublayer(plain)
        }
        """#
}
