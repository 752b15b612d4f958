import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figure6_1 = GalleryFigure(
        number: "6.1", title: "CAShapeLayer: a stick figure stroked red, five points wide, with round joins and caps",
        reference: "Chapter 6, Specialized Layers: CAShapeLayer, Figure 6.1, Listing 6.1",
        sourceFile: "Figure6_01.swift", functions: ["figure6_1"],
        code: figure6_1Code, build: { figure6_1($0) })

    /// Listing 6.1: one path of several subpaths (a circle, the body, the legs, the arms), stroked.
    static func figure6_1(_ view: Layer) {
        //create path
        var path = Path()
        path.move(to: CGPoint(x: 175, y: 100))
        path.addArc(center: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        path.move(to: CGPoint(x: 150, y: 125))
        path.line(to: CGPoint(x: 150, y: 175))
        path.line(to: CGPoint(x: 125, y: 225))
        path.move(to: CGPoint(x: 150, y: 175))
        path.line(to: CGPoint(x: 175, y: 225))
        path.move(to: CGPoint(x: 100, y: 150))
        path.line(to: CGPoint(x: 200, y: 150))

        //create shape layer
        let shapeLayer = CAShapeLayer()
        shapeLayer.frame = CGRect(x: 110, y: 0, width: 300, height: 260)
        shapeLayer.strokeColor = .red
        shapeLayer.fillColor = nil
        shapeLayer.lineWidth = 5
        shapeLayer.lineJoin = .round
        shapeLayer.lineCap = .round
        shapeLayer.path = CGPath(path)

        //add it to our view
        view.addSublayer(shapeLayer)
    }

    static let figure6_1Code = #"""
        static func figure6_1(_ view: Layer) {
            //create path
            var path = Path()
            path.move(to: CGPoint(x: 175, y: 100))
            path.addArc(center: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            path.move(to: CGPoint(x: 150, y: 125))
            path.line(to: CGPoint(x: 150, y: 175))
            path.line(to: CGPoint(x: 125, y: 225))
            path.move(to: CGPoint(x: 150, y: 175))
            path.line(to: CGPoint(x: 175, y: 225))
            path.move(to: CGPoint(x: 100, y: 150))
            path.line(to: CGPoint(x: 200, y: 150))

            //create shape layer
            let shapeLayer = CAShapeLayer()
            shapeLayer.frame = CGRect(x: 110, y: 0, width: 300, height: 260)
            shapeLayer.strokeColor = .red
            shapeLayer.fillColor = nil
            shapeLayer.lineWidth = 5
            shapeLayer.lineJoin = .round
            shapeLayer.lineCap = .round
            shapeLayer.path = CGPath(path)

            //add it to our view
            view.addSublayer(shapeLayer)
        }
        """#
}
