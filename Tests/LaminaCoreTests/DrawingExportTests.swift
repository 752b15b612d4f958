import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
@testable import LaminaFixtures
import LaminaGraph

/// The scene exporter writes a layer's recorded drawing back as `drawing` commands that decode to the same list.
final class DrawingExportTests: XCTestCase {
    func testExportedDrawing_decodesToTheSameCommands() throws {
        let scene = Scene(width: 100, height: 100)
        let layer = Layer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.draw = { ctx in
            ctx.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))
            ctx.setLineDash(phase: 1.5, lengths: [4, 2])
            ctx.setLineDash(phase: 0, lengths: [])
            ctx.saveGState()
            ctx.concatenate(CGAffineTransform(a: 1, b: 0.1, c: 0, d: 1, tx: 3, ty: 4))
            ctx.rotate(by: 0.25)
            ctx.move(to: CGPoint(x: 1, y: 2))
            ctx.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 3, y: 0), control2: CGPoint(x: 6, y: 12))
            ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: 2, clockwise: true)
            ctx.addPath(Path(rect: CGRect(x: 1, y: 1, width: 5, height: 5)))
            ctx.drawPath(using: .eoFillStroke)
            ctx.restoreGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 50, height: 50))
            ctx.clear(CGRect(x: 2, y: 2, width: 3, height: 3))
        }
        scene.root.addSublayer(layer)
        let output = try SceneExporter(imagePrefix: "x").export(scene)
        let decoded = try SceneDecoder().decode(output.json)
        XCTAssertEqual(decoded.root.sublayersValue.first?.drawing, layer.recordedDrawing())
    }
}
