import Foundation
import LaminaCore
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// Scenes built as layer trees, planned by LaminaCore's Planner, rendered on both backends: the graphs the
/// GPU renderer will see in practice (shadows, masks, group opacity, 3D, images, continuous corners).
final class PlannedSceneParityTests: XCTestCase {
    private func check(_ scene: Scene, name: String, maxDiff: Int = 2,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let graph = try Planner().plan(scene)
        let gpu = try GLTestSupport.renderer().render(graph)
        let cpu = try CPURenderer(threads: 2).render(graph)
        let worst = GLTestSupport.compare(gpu, cpu, maxDiff: maxDiff, name: name, file: file, line: line)
        print("planned parity \(name): \(graph.passes.count) passes, largest channel difference \(worst)")
    }

    private func layer(_ frame: CGRect, _ color: Color?) -> Layer {
        let l = Layer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    func testParity_cardsWithShadowsBordersAndClips_within2() throws {
        let scene = Scene(width: 160, height: 120, scale: 1, background: .white)
        for i in 0..<6 {
            let card = layer(CGRect(x: 8 + Double(i % 3) * 50, y: 10 + Double(i / 3) * 55, width: 40, height: 40),
                             Color(red: 0.2 + 0.1 * Double(i), green: 0.5, blue: 0.8))
            card.cornerRadius = 6 + Double(i)
            card.borderWidth = 1.5
            card.borderColor = .darkGray
            card.shadowOpacity = 0.5
            card.shadowRadius = Double(2 + 2 * i)
            card.shadowOffset = CGSize(width: 2, height: 3)
            card.masksToBounds = i % 2 == 0
            let child = layer(CGRect(x: 20, y: 20, width: 30, height: 30), .orange)
            card.addSublayer(child)
            if i == 4 { card.cornerCurve = .continuous }
            if i == 5 { card.opacity = 0.6 }
            scene.root.addSublayer(card)
        }
        try check(scene, name: "cards")
    }

    func testParity_perspectiveImageAndMaskLayer_within2() throws {
        let scene = Scene(width: 128, height: 128, scale: 1, background: .lightGray)
        let holder = layer(CGRect(x: 0, y: 0, width: 128, height: 128), nil)
        var p = Transform3D.identity
        p.m34 = -1.0 / 400
        holder.sublayerTransform = p
        let photo = layer(CGRect(x: 24, y: 24, width: 80, height: 80), nil)
        photo.contents = TestGraphs.checkerBitmap()
        photo.magnificationFilter = .nearest
        photo.minificationFilter = .trilinear
        photo.transform = .rotation(0.7, 0, 1, 0)
        photo.cornerRadius = 12
        photo.masksToBounds = true
        holder.addSublayer(photo)
        let masked = layer(CGRect(x: 4, y: 4, width: 40, height: 40), .blue)
        let mask = layer(CGRect(x: 0, y: 0, width: 40, height: 40), .black)
        mask.cornerRadius = 20
        masked.mask = mask
        scene.root.addSublayer(holder)
        scene.root.addSublayer(masked)
        try check(scene, name: "perspective-mask")
    }
}
