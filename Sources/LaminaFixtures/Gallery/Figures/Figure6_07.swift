import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure6_7 = GalleryFigure(
        number: "6.7", title: "A multi-part gradient: red, yellow and green at locations 0, 0.25 and 0.5",
        reference: "Chapter 6, Specialized Layers: Multipart Gradients, Figure 6.7, Listing 6.7",
        sourceFile: "Figure6_07.swift", functions: ["figure6_7"],
        code: figure6_7Code, build: { figure6_7($0) })

    /// Listing 6.7: the locations put all three colours in the first half of the diagonal; green extends flat.
    static func figure6_7(_ view: Layer) {
        //create gradient layer and add it to our container view
        let gradientLayer = CAGradientLayer()
        gradientLayer.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
        view.addSublayer(gradientLayer)

        //set gradient colors
        gradientLayer.colors = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.green.cgColor]

        //set locations
        gradientLayer.locations = [0.0, 0.25, 0.5]

        //set gradient start and end points
        gradientLayer.startPoint = CGPoint(x: 0, y: 0)
        gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    }

    static let figure6_7Code = #"""
        static func figure6_7(_ view: Layer) {
            //create gradient layer and add it to our container view
            let gradientLayer = CAGradientLayer()
            gradientLayer.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
            view.addSublayer(gradientLayer)

            //set gradient colors
            gradientLayer.colors = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.green.cgColor]

            //set locations
            gradientLayer.locations = [0.0, 0.25, 0.5]

            //set gradient start and end points
            gradientLayer.startPoint = CGPoint(x: 0, y: 0)
            gradientLayer.endPoint = CGPoint(x: 1, y: 1)
        }
        """#
}
