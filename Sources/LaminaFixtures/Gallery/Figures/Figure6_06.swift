import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure6_6 = GalleryFigure(
        number: "6.6", title: "CAGradientLayer: a two-colour gradient from red to blue along the diagonal",
        reference: "Chapter 6, Specialized Layers: CAGradientLayer, Figure 6.6, Listing 6.6",
        sourceFile: "Figure6_06.swift", functions: ["figure6_6"],
        code: figure6_6Code, build: { figure6_6($0) })

    /// Listing 6.6: the start and end points run corner to corner, so the colours change along the diagonal.
    static func figure6_6(_ view: Layer) {
        //create gradient layer and add it to our container view
        let gradientLayer = CAGradientLayer()
        gradientLayer.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
        view.addSublayer(gradientLayer)

        //set gradient colors
        gradientLayer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]

        //set gradient start and end points
        gradientLayer.startPoint = CGPoint(x: 0, y: 0)
        gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    }

    static let figure6_6Code = #"""
        static func figure6_6(_ view: Layer) {
            //create gradient layer and add it to our container view
            let gradientLayer = CAGradientLayer()
            gradientLayer.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
            view.addSublayer(gradientLayer)

            //set gradient colors
            gradientLayer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]

            //set gradient start and end points
            gradientLayer.startPoint = CGPoint(x: 0, y: 0)
            gradientLayer.endPoint = CGPoint(x: 1, y: 1)
        }
        """#
}
