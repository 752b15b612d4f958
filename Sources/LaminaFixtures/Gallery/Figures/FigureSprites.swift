import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figureSprites = GalleryFigure(
        number: "Sprites", title: "contentsRect: four layers, each showing one sprite of a 2 x 2 sprite sheet",
        reference: "Chapter 2, The Backing Image: contentsRect and image sprites",
        width: 520, height: 250,
        sourceFile: "FigureSprites.swift", functions: ["figureSprites"],
        code: figureSpritesCode, build: { figureSprites($0) })

    /// One image shared by four layers; contentsRect (in unit coordinates) selects the part each shows.
    static func figureSprites(_ view: Layer) {
        //load the sprite sheet: four 64-pixel sprites in a 2 x 2 grid
        let image = spriteSheetImage()

        let rects = [CGRect(x: 0, y: 0, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                     CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)]
        for (i, rect) in rects.enumerated() {
            let layer = CALayer()
            layer.frame = CGRect(x: 30 + Double(i) * 122, y: 77, width: 96, height: 96)
            layer.backgroundColor = Color.white
            //set image
            layer.contents = image
            //scale contents to fit
            layer.contentsGravity = .resizeAspect
            //set contentsRect
            layer.contentsRect = rect
            view.addSublayer(layer)
        }
    }

    static let figureSpritesCode = #"""
        static func figureSprites(_ view: Layer) {
            //load the sprite sheet: four 64-pixel sprites in a 2 x 2 grid
            let image = spriteSheetImage()

            let rects = [CGRect(x: 0, y: 0, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                         CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)]
            for (i, rect) in rects.enumerated() {
                let layer = CALayer()
                layer.frame = CGRect(x: 30 + Double(i) * 122, y: 77, width: 96, height: 96)
                layer.backgroundColor = Color.white
                //set image
                layer.contents = image
                //scale contents to fit
                layer.contentsGravity = .resizeAspect
                //set contentsRect
                layer.contentsRect = rect
                view.addSublayer(layer)
            }
        }
        """#
}
