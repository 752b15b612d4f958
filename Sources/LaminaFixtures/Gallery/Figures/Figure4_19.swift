import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure4_19 = GalleryFigure(
        number: "4.19", title: "The same clock with nearest-neighbour magnification: crisp pixels",
        reference: "Chapter 4, Scaling Filters: Listing 4.6 with magnificationFilter = kCAFilterNearest",
        width: 520, height: 180,
        sourceFile: "Figure4_19.swift", functions: ["figure4_19"],
        code: figure4_19Code, build: { figure4_19($0) })

    /// Listing 4.6's fix: one line per digit layer.
    static func figure4_19(_ view: Layer) {
        let digitViews = lcdClock(in: view)
        for digitView in digitViews {
            digitView.magnificationFilter = .nearest
        }
    }

    static let figure4_19Code = #"""
        static func figure4_19(_ view: Layer) {
            let digitViews = lcdClock(in: view)
            for digitView in digitViews {
                digitView.magnificationFilter = .nearest
            }
        }
        """#
}
