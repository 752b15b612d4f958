import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_16 = GalleryFigure(
        number: "4.16", title: "A simple pixel font for LCD digits, stored as one sprite-sheet image",
        reference: "Chapter 4, Scaling Filters: Figure 4.16",
        width: 520, height: 140,
        sourceFile: "Figure4_16.swift", functions: ["figure4_16"],
        code: figure4_16Code, build: { figure4_16($0) })

    /// The 100 x 16 pixel digits sheet, shown at 4.8 times its size with its pixels kept sharp.
    static func figure4_16(_ view: Layer) {
        let sheet = CALayer()
        sheet.frame = CGRect(x: 20, y: 30, width: 480, height: 76.8)
        sheet.backgroundColor = Color(red: 0.72, green: 0.8, blue: 0.62)
        sheet.contents = lcdDigitsImage()
        sheet.magnificationFilter = .nearest
        view.addSublayer(sheet)
    }

    static let figure4_16Code = #"""
        static func figure4_16(_ view: Layer) {
            let sheet = CALayer()
            sheet.frame = CGRect(x: 20, y: 30, width: 480, height: 76.8)
            sheet.backgroundColor = Color(red: 0.72, green: 0.8, blue: 0.62)
            sheet.contents = lcdDigitsImage()
            sheet.magnificationFilter = .nearest
            view.addSublayer(sheet)
        }
        """#
}
