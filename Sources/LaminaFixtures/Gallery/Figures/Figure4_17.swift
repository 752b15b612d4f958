import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_17 = GalleryFigure(
        number: "4.17", title: "The clock's digit layers before contentsRect picks a digit: each shows the whole sheet",
        reference: "Chapter 4, Scaling Filters: the clock of Figure 4.17 and Listing 4.6, before contentsRect",
        width: 520, height: 180,
        sourceFile: "Figure4_17.swift", functions: ["figure4_17"],
        code: figure4_17Code, build: { figure4_17($0) })

    /// One layer per digit, laid out; the default contentsRect (the unit rect) shows the whole image in each.
    static func figure4_17(_ view: Layer) {
        let digits = lcdDigitsImage()
        for i in 0..<4 {
            let digitView = CALayer()
            digitView.frame = CGRect(x: 40 + Double(i) * 115 + (i >= 2 ? 20 : 0), y: 40, width: 80, height: 100)
            digitView.backgroundColor = Color(red: 0.72, green: 0.8, blue: 0.62)
            digitView.contents = digits
            digitView.borderWidth = 1
            view.addSublayer(digitView)
        }
    }

    static let figure4_17Code = #"""
        static func figure4_17(_ view: Layer) {
            let digits = lcdDigitsImage()
            for i in 0..<4 {
                let digitView = CALayer()
                digitView.frame = CGRect(x: 40 + Double(i) * 115 + (i >= 2 ? 20 : 0), y: 40, width: 80, height: 100)
                digitView.backgroundColor = Color(red: 0.72, green: 0.8, blue: 0.62)
                digitView.contents = digits
                digitView.borderWidth = 1
                view.addSublayer(digitView)
            }
        }
        """#
}
