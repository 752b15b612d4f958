import Foundation
import LaminaGeometry
@testable import LaminaGraph
import XCTest

/// The planner fits each blur to what the renderers report they run (`RendererCapabilities`), instead of
/// a constant of its own.
final class RendererCapabilitiesTests: XCTestCase {
    func testMeet_isTheSmallerLimit_andCoversOrdersThem() {
        let narrow = RendererCapabilities(maxExactBlurRadius: 12)
        XCTAssertEqual(RendererCapabilities.unlimited.meet(narrow), narrow)
        XCTAssertEqual(narrow.meet(.laminaRenderers), narrow)
        XCTAssertTrue(RendererCapabilities.unlimited.covers(.laminaRenderers))
        XCTAssertFalse(narrow.covers(.laminaRenderers))
        XCTAssertEqual(RendererCapabilities(maxExactBlurRadius: -3).maxExactBlurRadius, 0)
    }

    /// A renderer whose exact blur reaches radius 12 is never handed an exact kernel wider than that, nor a
    /// pyramid whose reduced kernel is: for every sigma, the chosen method's kernel fits, while with the
    /// default capabilities sigma 8 (radius 24) may take the exact kernel.
    func testChoose_neverExceedsTheRenderersExactRadius() {
        let narrow = RendererCapabilities(maxExactBlurRadius: 12)
        for sigma in stride(from: 0.5, through: 200, by: 3.5) {
            for content in [BlurContent.shapes(variation: 1), .anyContent] {
                let m = BlurPyramid.choose(sigma: sigma, content: content, capabilities: narrow)
                let radius = m.levels == 0 ? (3 * sigma).rounded(.up) : (3 * m.reducedSigma).rounded(.up)
                XCTAssertLessThanOrEqual(radius, 12, "sigma \(sigma) \(content): \(BlurPyramid.describe(m))")
            }
        }
        XCTAssertEqual(BlurPyramid.choose(sigma: 8, content: .anyContent, capabilities: .laminaRenderers).levels, 0,
                       "any content at sigma 8 takes the exact kernel where it fits")
        XCTAssertGreaterThan(BlurPyramid.choose(sigma: 8, content: .anyContent, capabilities: narrow).levels, 0)
    }

    /// The choice is remembered per capabilities: asking with one does not answer for another.
    func testChoices_areRememberedPerCapabilities() {
        let wide = BlurPyramid.choose(sigma: 8, content: .anyContent, capabilities: .unlimited)
        let narrow = BlurPyramid.choose(sigma: 8, content: .anyContent, capabilities: RendererCapabilities(maxExactBlurRadius: 9))
        XCTAssertEqual(wide.levels, 0)
        XCTAssertGreaterThan(narrow.levels, 0)
    }
}
