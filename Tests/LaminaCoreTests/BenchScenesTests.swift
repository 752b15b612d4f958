import LaminaTestSupport
import XCTest
import Foundation
@testable import LaminaCore
@testable import LaminaGeometry
@testable import LaminaFixtures
import LaminaImage

/// The generated benchmark suite: advertised sizes, determinism, and the exporter the Skia script reads.
final class BenchScenesTests: XCTestCase {
    func testSplitMix64MatchesTheReferenceSequenceForSeedZero() {
        var rng = SplitMix64(seed: 0)
        XCTAssertEqual(rng.next(), 0xe220_a839_7b1d_cdaf)
        XCTAssertEqual(rng.next(), 0x6e78_9e6a_a1b9_65f4)
    }

    func testSuiteScenesHaveTheAdvertisedLayerCountsAndA1920x1080Canvas() {
        let suite = BenchScenes.suite
        XCTAssertEqual(Set(suite.map(\.name)).count, suite.count, "scene names are unique")
        for bench in suite {
            let scene = bench.makeScene()
            XCTAssertEqual(scene.root.treeLayerCount - 1, bench.layerCount, bench.name)
            XCTAssertEqual(scene.pixelWidth, 1920, bench.name)
            XCTAssertEqual(scene.pixelHeight, 1080, bench.name)
            XCTAssertEqual(bench.pixelWidth, 1920, bench.name)
            XCTAssertEqual(scene.scale, bench.scale, bench.name)
        }
    }

    func testSuiteCoversBothSweepsAtTheirAdvertisedPoints() {
        let suite = BenchScenes.suite
        let layerPoints = suite.compactMap { s -> Int? in if case .layerCount(let n)? = s.sweep { return n } else { return nil } }
        let radii = suite.compactMap { s -> Double? in if case .shadowRadius(let r)? = s.sweep { return r } else { return nil } }
        XCTAssertEqual(layerPoints, [10, 100, 1000, 10_000, 100_000])
        XCTAssertEqual(radii, [2, 4, 8, 16, 32, 64])
        for name in ["cards-200@1x", "cards-200@2x", "cards-1000@1x", "cards-1000@2x", "shadow-alpha-200@1x",
                     "shadow-path-1000@1x", "masks-100", "group-opacity-40", "trilinear-24"] {
            XCTAssertNotNil(BenchScenes.scene(named: name), name)
        }
    }

    /// The free-phase scenes are what their names say: cards and labels off the pixel grid.
    func testFreeScenes_lieOffThePixelGrid() {
        for bench in [BenchScenes.freeCards(count: 300, shadow: false), BenchScenes.freeCards(count: 200, shadow: true)] {
            let cards = bench.makeScene().root.sublayersValue
            let off = cards.filter { c in
                [c.frame.minX, c.frame.minY, c.frame.width, c.frame.height].allSatisfy { $0 != $0.rounded() }
            }
            XCTAssertGreaterThan(off.count, cards.count * 9 / 10, bench.name)
        }
        let labels = BenchScenes.textLabels(labels: 40, free: true).makeScene().root.sublayersValue
        // At scale 2 a half point is a whole pixel: the offsets stay within (0.05, 0.45) points.
        XCTAssertTrue(labels.allSatisfy { ($0.frame.minX * 2).rounded() != $0.frame.minX * 2 })
        XCTAssertEqual(BenchScenes.scene(named: "text-labels-40")?.makeScene().root.sublayersValue.first?.frame.minX, 4)
    }

    func testGeneratingTheSameSceneTwiceGivesIdenticalExports() throws {
        for bench in BenchScenes.suite where bench.name != "trilinear-24" {
            let a = try SceneExporter(imagePrefix: bench.name).export(bench.makeScene())
            let b = try SceneExporter(imagePrefix: bench.name).export(bench.makeScene())
            XCTAssertEqual(a.json, b.json, bench.name)
        }
        let one = BenchScenes.trilinear(count: 2).makeScene(), two = BenchScenes.trilinear(count: 2).makeScene()
        XCTAssertEqual(one.root.sublayersValue[0].contentsValue?.image, two.root.sublayersValue[0].contentsValue?.image)
    }

    func testScale2CardsHaveTheSamePixelGeometryAsTheirScale1Twins() {
        for shadow in [BenchScenes.ShadowKind.none, .alpha] {
            let one = BenchScenes.cards(count: 200, scale: 1, shadow: shadow).makeScene()
            let two = BenchScenes.cards(count: 200, scale: 2, shadow: shadow).makeScene()
            XCTAssertEqual(one.root.sublayersValue.count, two.root.sublayersValue.count)
            for (a, b) in zip(one.root.sublayersValue, two.root.sublayersValue) {
                let f = b.frame
                XCTAssertEqual(a.frame, CGRect(x: f.minX * 2, y: f.minY * 2, width: f.width * 2, height: f.height * 2))
                XCTAssertEqual(a.cornerRadius, b.cornerRadius * 2)
                XCTAssertEqual(a.borderWidth, b.borderWidth * 2)
                if shadow != .none { XCTAssertEqual(a.shadowRadius, b.shadowRadius * 2) }
                XCTAssertEqual(a.backgroundColor, b.backgroundColor)
            }
        }
    }

    func testExportedScenesDecodeToTreesThatPlanIdentically() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-export-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenes = [BenchScenes.cards(count: 200, scale: 2, shadow: .none),
                      BenchScenes.cards(count: 200, scale: 1, shadow: .path), BenchScenes.shadowRadius(16),
                      BenchScenes.masks(count: 100), BenchScenes.groupOpacity(groups: 40),
                      BenchScenes.trilinear(count: 3), BenchScenes.layers(100)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for bench in scenes {
            let original = bench.makeScene()
            let out = try SceneExporter(imagePrefix: bench.name).export(original)
            for (file, bitmap) in out.images {
                try PNG.encode(bitmap.image).write(to: dir.appendingPathComponent(file))
            }
            let decoded = try SceneDecoder(baseURL: dir).decode(out.json)
            XCTAssertEqual(decoded.root.treeLayerCount, original.root.treeLayerCount, bench.name)
            // Passes, not the whole graph: an image's `origin` names where it came from, which differs.
            let a = try encoder.encode(try Planner().plan(original).passes)
            let b = try encoder.encode(try Planner().plan(decoded).passes)
            XCTAssertEqual(a, b, "\(bench.name): the exported scene plans differently from the generated one")
        }
    }

    func testExporterRefusesValuesTheFormatDoesNotTake() {
        let scene = Scene(width: 10, height: 10)
        let layer = Layer()
        layer.shadowRadius = -1
        scene.root.addSublayer(layer)
        XCTAssertThrowsError(try SceneExporter(imagePrefix: "x").export(scene)) { error in
            XCTAssertTrue("\(error)".contains("/layers/0: shadowRadius"), "\(error)")
        }
    }
}
