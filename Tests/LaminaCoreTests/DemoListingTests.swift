import Foundation
import LaminaTestSupport
import XCTest
@testable import LaminaCore
@testable import LaminaGeometry
@testable import LaminaFixtures

/// The demo gallery's listings: the code shown beside each figure is the code that drew it.
final class DemoListingTests: XCTestCase {
    /// Sources/LaminaFixtures/Gallery/Figures, found from this file's path.
    private var figuresFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LaminaFixtures/Gallery/Figures")
    }

    /// The text of `static func name(` through its closing brace at member indentation, dedented by 4.
    private func functionText(_ name: String, in source: String) -> String? {
        let lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("static func \(name)(") }),
              let end = lines[(start + 1)...].firstIndex(where: { $0 == "    }" }) else { return nil }
        return lines[start...end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }.joined(separator: "\n")
    }

    func testEveryFigureListing_matchesItsSourceFunctionsVerbatim() throws {
        for figure in Gallery.figures {
            let url = figuresFolder.appendingPathComponent(figure.sourceFile)
            let source = try String(contentsOf: url, encoding: .utf8)
            var chunks: [String] = []
            for name in figure.functions {
                guard let text = functionText(name, in: source) else {
                    XCTFail("\(figure.label): no function \(name) in \(figure.sourceFile)")
                    continue
                }
                chunks.append(text)
            }
            let expected = chunks.joined(separator: "\n\n")
            XCTAssertEqual(figure.code, expected, """
                \(figure.label): the listing literal in \(figure.sourceFile) differs from the code that builds the \
                figure; copy the function text (indented 8 spaces) into the literal.
                """)
        }
    }

    func testFigureSlugs_areUniqueAndFileSafe() {
        let slugs = Gallery.figures.map(\.slug)
        XCTAssertEqual(Set(slugs).count, slugs.count, "duplicate slugs: \(slugs)")
        for slug in slugs {
            XCTAssertTrue(slug.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }, slug)
        }
        XCTAssertEqual(Gallery.figures.filter { $0.number.hasPrefix("4.") }.count, 21, "figures 4.1 to 4.21")
    }

    func testEveryFigure_buildsLayersThatPlanIntoDrawing() throws {
        for figure in Gallery.figures {
            let scene = figure.makeScene(scale: 1)
            XCTAssertFalse(scene.root.sublayersValue.isEmpty, "\(figure.label) built no layers")
            let graph = try Planner().plan(scene)
            XCTAssertFalse(graph.passes.isEmpty, "\(figure.label) planned no passes")
        }
    }

    func testMakeScene_returnsAFreshTreeEachCall() {
        let figure = Gallery.figure4_2
        let a = figure.makeScene(), b = figure.makeScene()
        XCTAssertFalse(a.root.sublayersValue[0] === b.root.sublayersValue[0])
    }
}
