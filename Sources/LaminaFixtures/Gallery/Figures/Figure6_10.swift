import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figure6_10 = GalleryFigure(
        number: "6.10", title: "A CAScrollLayer showing part of a larger picture, scrolled to a point",
        reference: "Chapter 6, Specialized Layers: CAScrollLayer, Figure 6.10, Listing 6.10",
        width: 320, height: 240,
        sourceFile: "Figure6_10.swift", functions: ["figure6_10"],
        code: figure6_10Code, build: { figure6_10($0) })

    /// Listing 6.10's ScrollView: a scroll layer (which, as in Core Animation, clips only when told to)
    /// showing the part of its sublayers its bounds' origin points at (`scroll(to:)`), here a picture twice its size, scrolled
    /// to its middle.
    static func figure6_10(_ view: Layer) {
        //the scroll layer: its bounds are the window onto the content
        let scrollLayer = CAScrollLayer()
        scrollLayer.frame = CGRect(x: 60, y: 40, width: 200, height: 160)
        scrollLayer.borderWidth = 2
        scrollLayer.borderColor = UIColor.darkGray.cgColor
        scrollLayer.masksToBounds = true
        view.addSublayer(scrollLayer)

        //content larger than the scroll layer
        let imageLayer = CALayer()
        imageLayer.frame = CGRect(x: 0, y: 0, width: 400, height: 320)
        imageLayer.contents = landscapeImage()
        imageLayer.contentsGravity = .resizeAspectFill
        scrollLayer.addSublayer(imageLayer)

        //scroll to the middle of the content
        scrollLayer.scroll(to: CGPoint(x: 100, y: 80))
    }

    static let figure6_10Code = #"""
        static func figure6_10(_ view: Layer) {
            //the scroll layer: its bounds are the window onto the content
            let scrollLayer = CAScrollLayer()
            scrollLayer.frame = CGRect(x: 60, y: 40, width: 200, height: 160)
            scrollLayer.borderWidth = 2
            scrollLayer.borderColor = UIColor.darkGray.cgColor
            scrollLayer.masksToBounds = true
            view.addSublayer(scrollLayer)

            //content larger than the scroll layer
            let imageLayer = CALayer()
            imageLayer.frame = CGRect(x: 0, y: 0, width: 400, height: 320)
            imageLayer.contents = landscapeImage()
            imageLayer.contentsGravity = .resizeAspectFill
            scrollLayer.addSublayer(imageLayer)

            //scroll to the middle of the content
            scrollLayer.scroll(to: CGPoint(x: 100, y: 80))
        }
        """#
}
