import Foundation
import LaminaCore
import LaminaImage
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry

/// The shadow atlas (rounded-rect shadows as nine-patches of shared blurred proxies) against the
/// per-shadow passes it replaces: the same pixels, in far fewer passes.
final class ShadowAtlasTests: XCTestCase {
    /// Cards of many sizes, radii, borders, masked corners and clips, at scale 1 and 2, whose shadows are
    /// offset by whole pixels: the atlas must give every byte the per-shadow passes give.
    func testAtlasShadowsEqualPerShadowPassesByteForByte() throws {
        for scale in [1.0, 2.0] {
            let scene = makeScene(width: 420, height: 300, scale: scale, background: .white) { root in
                let specs: [(CGRect, Double, Double, Double)] = [
                    (CGRect(x: 10, y: 10, width: 180, height: 120), 12, 2, 5),
                    (CGRect(x: 210, y: 12, width: 190, height: 60), 30, 0, 3),   // radius clamped to 30
                    (CGRect(x: 220, y: 90, width: 40, height: 40), 6, 1, 8),     // too small to stretch
                    (CGRect(x: 280, y: 90, width: 120, height: 190), 0, 3, 4),   // plain rect
                    (CGRect(x: 20, y: 150, width: 230, height: 130), 20, 4, 2),
                    (CGRect(x: 30.5, y: 160.25, width: 100, height: 50), 9, 1, 5), // fractional frame
                ]
                for (i, (frame, radius, border, shadowRadius)) in specs.enumerated() {
                    let card = layer(frame, Color(red: 0.2, green: 0.5, blue: 0.9, alpha: i == 4 ? 0.6 : 1))
                    card.cornerRadius = radius
                    card.borderWidth = border
                    card.borderColor = Color(red: 0.1, green: 0.2, blue: 0.4, alpha: 1)
                    card.shadowOpacity = 0.7
                    card.shadowRadius = shadowRadius
                    card.shadowOffset = CGSize(width: Double(i % 3) - 1, height: 3)
                    if i == 1 { card.maskedCorners = [.minXMinY, .maxXMaxY] }
                    if i == 4 { card.masksToBounds = true }
                    root.addSublayer(card)
                }
            }
            let atlas = try Planner().plan(scene)
            let perShadow = try Planner(usesShadowAtlas: false).plan(scene)
            XCTAssertLessThan(atlas.passes.count, perShadow.passes.count)
            XCTAssertTrue(atlas.passes.contains { $0.label.hasPrefix("shadow atlas") }, "the atlas was not used")
            let a = try CPURenderer().render(atlas), b = try CPURenderer().render(perShadow)
            let c = try ImageComparison(a, b)
            XCTAssertEqual(c.maxDifference, 0, "scale \(scale): \(c.differingPixels) pixels differ")
        }
    }

    /// Equal cards share one proxy: 50 cards of one style make one atlas cell, one shape pass, one blur.
    func testEqualCardsShareOneProxy() throws {
        let scene = makeScene(width: 1000, height: 800) { root in
            for i in 0..<50 {
                let card = layer(CGRect(x: 20 * (i % 10) + 80 * (i % 10), y: 150 * (i / 10), width: 70, height: 100), .red)
                card.cornerRadius = 10
                card.shadowOpacity = 0.5
                card.shadowRadius = 6
                root.addSublayer(card)
            }
        }
        let g = try Planner().plan(scene)
        XCTAssertEqual(g.passes.map(\.reason), [.shadowShape, .shadowBlur, .canvas])
        XCTAssertEqual(g.passes.first?.label, "shadow atlas: 1 shapes for 50 shadows")
    }

    /// A fractional shadowOffset is drawn where it falls (the proxy carries the fraction) instead of being
    /// resampled; it stays within a few levels of the resampled result.
    func testFractionalOffsetStaysCloseToTheResampledShadow() throws {
        let scene = makeScene(width: 200, height: 160, background: .white) { root in
            let card = layer(CGRect(x: 40, y: 30, width: 120, height: 90), .blue)
            card.cornerRadius = 14
            card.shadowOpacity = 1
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 0.5, height: 2.25)
            root.addSublayer(card)
        }
        let a = try CPURenderer().render(try Planner().plan(scene))
        let b = try CPURenderer().render(try Planner(usesShadowAtlas: false).plan(scene))
        XCTAssertLessThanOrEqual(try ImageComparison(a, b).maxDifference, 6)
    }

    /// A shadowPath that is a rounded rect is recognised and takes the atlas.
    func testRoundedRectShadowPathTakesTheAtlas() throws {
        let scene = makeScene(width: 300, height: 300) { root in
            let card = layer(CGRect(x: 40, y: 40, width: 200, height: 150), .green)
            card.shadowOpacity = 0.5
            card.shadowPathValue = Path(roundedRect: RoundedRect(rect: card.bounds, radius: 16, corners: .all, curve: .circular))
            root.addSublayer(card)
        }
        let g = try Planner().plan(scene)
        XCTAssertEqual(g.passes.first?.label, "shadow atlas: 1 shapes for 1 shadows")
    }
}
