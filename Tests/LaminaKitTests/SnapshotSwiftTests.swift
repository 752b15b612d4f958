import LaminaKit
import LaminaSnapshotTesting
import SnapshotTesting
import Testing

/// LaminaSnapshotTesting under Swift Testing: a whole scene against its reference, and a tolerance that
/// admits a small change while the default contract refuses it.
@Suite struct SnapshotSwiftTests {
    static func scene(opacity: Double) -> Scene {
        let scene = Scene(width: 120, height: 80, scale: 2, background: .systemGray6)
        let pill = CAGradientLayer()
        pill.frame = CGRect(x: 10, y: 20, width: 100, height: 40)
        pill.cornerRadius = 20
        pill.colorsValue = [Color.systemPink, Color.systemIndigo]
        pill.startPoint = CGPoint(x: 0, y: 0.5)
        pill.endPoint = CGPoint(x: 1, y: 0.5)
        pill.opacityValue = opacity
        scene.root.addSublayer(pill)
        return scene
    }

    @Test func pill_matchesItsReference() {
        assertSnapshot(of: Self.scene(opacity: 1), as: .lamina())
    }

    @Test func slightlyFadedPill_passesOnlyWithinATolerance() {
        let faded = Self.scene(opacity: 0.99)
        let strict = verifySnapshot(of: faded, as: .lamina(), named: "1", record: .never, testName: "pill_matchesItsReference")
        #expect(strict?.contains("largest channel difference") == true)
        let loose = verifySnapshot(of: faded, as: .lamina(maxDifference: 4, pixelFraction: 1), named: "1", record: .never,
                                   testName: "pill_matchesItsReference")
        #expect(loose == nil)
    }
}
