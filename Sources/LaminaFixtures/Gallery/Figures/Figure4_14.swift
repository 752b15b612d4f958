import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_14 = GalleryFigure(
        number: "4.14", title: "A large image with diagonals, shrunk and enlarged: linear filtering (left) versus nearest (right)",
        reference: "Chapter 4, Scaling Filters: Figure 4.14",
        width: 520, height: 290,
        sourceFile: "Figure4_14.swift", functions: ["figure4_14"],
        code: figure4_14Code, build: { figure4_14($0) })

    /// The 128-pixel landscape at 40 and 190 points, filtered linearly and by nearest neighbour.
    static func figure4_14(_ view: Layer) {
        let filters: [ContentsFilter] = [.linear, .nearest]
        for (column, filter) in filters.enumerated() {
            let x = 20 + Double(column) * 250

            let small = CALayer()
            small.frame = CGRect(x: x, y: 50, width: 40, height: 40)
            small.contents = landscapeImage()
            small.minificationFilter = filter
            small.magnificationFilter = filter
            view.addSublayer(small)

            let large = CALayer()
            large.frame = CGRect(x: x + 50, y: 50, width: 190, height: 190)
            large.contents = landscapeImage()
            large.minificationFilter = filter
            large.magnificationFilter = filter
            view.addSublayer(large)
        }
    }

    static let figure4_14Code = #"""
        static func figure4_14(_ view: Layer) {
            let filters: [ContentsFilter] = [.linear, .nearest]
            for (column, filter) in filters.enumerated() {
                let x = 20 + Double(column) * 250

                let small = CALayer()
                small.frame = CGRect(x: x, y: 50, width: 40, height: 40)
                small.contents = landscapeImage()
                small.minificationFilter = filter
                small.magnificationFilter = filter
                view.addSublayer(small)

                let large = CALayer()
                large.frame = CGRect(x: x + 50, y: 50, width: 190, height: 190)
                large.contents = landscapeImage()
                large.minificationFilter = filter
                large.magnificationFilter = filter
                view.addSublayer(large)
            }
        }
        """#
}
