import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_6 = GalleryFigure(
        number: "4.6", title: "shadowOffset and shadowRadius: a hard shadow, then larger offsets and radii for more depth",
        reference: "Chapter 4, Drop Shadows: Figure 4.6",
        sourceFile: "Figure4_06.swift", functions: ["figure4_6"],
        code: figure4_6Code, build: { figure4_6($0) })

    /// Three white layers with the same shadow colour and opacity, offset and blurred more and more.
    static func figure4_6(_ view: Layer) {
        let offsets: [Double] = [5, 5, 10]
        let radii: [Double] = [0, 5, 10]
        for i in 0..<3 {
            let layer = CALayer()
            layer.frame = CGRect(x: 30 + Double(i) * 165, y: 60, width: 130, height: 130)
            layer.backgroundColor = Color.white
            layer.cornerRadius = 10
            layer.shadowOpacity = 0.5
            layer.shadowOffset = CGSize(width: 0, height: offsets[i])
            layer.shadowRadius = radii[i]
            view.addSublayer(layer)
        }
    }

    static let figure4_6Code = #"""
        static func figure4_6(_ view: Layer) {
            let offsets: [Double] = [5, 5, 10]
            let radii: [Double] = [0, 5, 10]
            for i in 0..<3 {
                let layer = CALayer()
                layer.frame = CGRect(x: 30 + Double(i) * 165, y: 60, width: 130, height: 130)
                layer.backgroundColor = Color.white
                layer.cornerRadius = 10
                layer.shadowOpacity = 0.5
                layer.shadowOffset = CGSize(width: 0, height: offsets[i])
                layer.shadowRadius = radii[i]
                view.addSublayer(layer)
            }
        }
        """#
}
