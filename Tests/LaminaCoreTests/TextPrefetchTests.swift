import Foundation
@testable import LaminaCore
import LaminaGraph
import LaminaImage
import LaminaText
import XCTest

/// Text layers' stores are drawn ahead on every core: which boxes are drawn ahead, and that a box's bytes do
/// not depend on which worker of the engine draws it, or on how many draw at once.
final class TextPrefetchTests: XCTestCase {
    private func label(_ text: String, width: CGFloat = 120, hidden: Bool = false) -> TextLayer {
        let layer = TextLayer()
        layer.stringValue = text
        layer.fontValue = "DejaVu Sans"
        layer.fontSize = 14
        layer.frame = CGRect(x: 0, y: 0, width: width, height: 30)
        layer.isHidden = hidden
        return layer
    }

    func testVisibleDistinctAdmissibleBoxesAreDrawnAheadInTreeOrder() {
        let root = Layer()
        let group = Layer()
        let hiddenGroup = Layer()
        hiddenGroup.isHidden = true
        hiddenGroup.addSublayer(label("under a hidden group"))
        group.addSublayer(label("second"))
        group.addSublayer(label("first"))  // the same box as the first label: drawn once
        group.mask = label("masking")
        root.addSublayer(label("first"))
        root.addSublayer(group)
        root.addSublayer(hiddenGroup)
        root.addSublayer(label("hidden", hidden: true))
        let transparent = label("transparent")
        transparent.opacity = 0
        root.addSublayer(transparent)
        root.addSublayer(label("too wide", width: 20_000))
        root.addSublayer(label(""))
        let builder = GraphBuilder()
        let strings = builder.textBoxesToDraw(under: root).map { $0.spans.map(\.text).joined() }
        XCTAssertEqual(strings, ["first", "second", "masking"], "a layer's sublayers, then its mask")
    }

    func testABoxDrawsTheSameBytesOnEveryWorker() throws {
        let box = GraphBuilder.textBox(label("Lamina draws text on every core: ÅÉÎ 123 ﬁ"))
        let engine = TextEngine(workers: 4)
        let reference = try TextEngine(workers: 1).render(box)
        let drawn = UnsafeMutableBufferPointer<Image?>.allocate(capacity: 16)
        drawn.initialize(repeating: nil)
        defer { drawn.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: 16) { k in drawn[k] = try? engine.render(box) }
        for image in drawn {
            XCTAssertEqual(image?.pixels, reference.pixels)
        }
        XCTAssertGreaterThan(reference.pixels.filter { $0 != 0 }.count, 100, "the text is drawn")
    }

    /// Stores drawn ahead are the bytes the engine draws for each box alone.
    func testStoresDrawnAheadAreTheEnginesBytes() throws {
        let root = Layer()
        let run = UUID().uuidString.prefix(8)  // boxes no earlier plan kept
        for i in 0..<24 {
            let l = label("label \(i) \(run)")
            l.position = CGPoint(x: 70, y: 20 + 31 * CGFloat(i % 12))
            root.addSublayer(l)
        }
        let builder = GraphBuilder()
        builder.prefetchTextStores(root)
        XCTAssertEqual(builder.prefetchedText.count, 24)
        for case let text as TextLayer in root.sublayersValue {
            let box = GraphBuilder.textBox(text)
            let alone = try TextEngine(workers: 1).render(box)
            XCTAssertEqual(builder.prefetchedText[box]?.image.pixels, alone.pixels)
        }
    }

    /// An unchanged layer's plan takes the store the layer holds (`TextLayer.drawnStore`), the very bitmap;
    /// a changed string draws a new one, which the layer then holds.
    func testAnUnchangedLayerTakesTheStoreItHolds() throws {
        let scene = Scene(width: 200, height: 60, scale: 1, background: .white)
        let text = label("held \(UUID().uuidString.prefix(8))")
        text.foregroundColor = .black
        scene.root.addSublayer(text)
        func store() throws -> Bitmap? { try Planner().plan(scene).images.first?.bitmap }
        let first = try store()
        XCTAssertNotNil(first)
        XCTAssertTrue(text.drawnStore?.bitmap === first, "the layer holds its store")
        XCTAssertTrue(try store() === first, "a second plan takes the held store")
        text.stringValue = "changed \(UUID().uuidString.prefix(8))"
        let changed = try store()
        XCTAssertFalse(changed === first, "a changed string draws a new store")
        XCTAssertTrue(text.drawnStore?.bitmap === changed)
        XCTAssertNotEqual(changed?.image.pixels, first?.image.pixels)
        XCTAssertEqual(text.drawnStore?.box, GraphBuilder.textBox(text))
    }

    /// The layer's alignment and truncation reach the engine case for case.
    func testAlignmentAndTruncation_mapCaseForCase() {
        for mode in TextLayer.AlignmentMode.allCases {
            XCTAssertEqual(GraphBuilder.alignment(mode).rawValue, mode.rawValue)
        }
        for mode in TextLayer.TruncationMode.allCases {
            XCTAssertEqual(GraphBuilder.truncation(mode).rawValue, mode.rawValue)
        }
    }
}
