import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_15 = GalleryFigure(
        number: "4.15", title: "For small images without diagonals, nearest-neighbour filtering (right) is better",
        reference: "Chapter 4, Scaling Filters: Figure 4.15",
        sourceFile: "Figure4_15.swift", functions: ["figure4_15"],
        code: figure4_15Code, build: { figure4_15($0) })

    /// A 12 x 9 pixel invader magnified 18 times, linearly and by nearest neighbour.
    static func figure4_15(_ view: Layer) {
        let linear = CALayer()
        linear.frame = CGRect(x: 36, y: 59, width: 216, height: 162)
        linear.contents = invaderImage()
        view.addSublayer(linear)

        let nearest = CALayer()
        nearest.frame = CGRect(x: 280, y: 59, width: 216, height: 162)
        nearest.contents = invaderImage()
        nearest.magnificationFilter = .nearest
        view.addSublayer(nearest)
    }

    static let figure4_15Code = #"""
        static func figure4_15(_ view: Layer) {
            let linear = CALayer()
            linear.frame = CGRect(x: 36, y: 59, width: 216, height: 162)
            linear.contents = invaderImage()
            view.addSublayer(linear)

            let nearest = CALayer()
            nearest.frame = CGRect(x: 280, y: 59, width: 216, height: 162)
            nearest.contents = invaderImage()
            nearest.magnificationFilter = .nearest
            view.addSublayer(nearest)
        }
        """#
}
