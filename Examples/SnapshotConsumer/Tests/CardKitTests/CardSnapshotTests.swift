import CardKit
import Foundation
import LaminaSnapshotTesting
import SnapshotTesting
import XCTest

/// Snapshot tests as a package that depends on Lamina writes them: the card against the reference PNG
/// committed beside this file in `__Snapshots__` (`testCard.1.png`), drawn on the CPU and on the GPU.
///
/// `testRedCard_failsAgainstTheBlueReference` fails on purpose, to show what a failure says; it runs only with
/// `LAMINA_EXAMPLE_EXPECT_FAILURE=1` (tools/check-consumer.sh sets it and checks the message), so the
/// package's plain `swift test` passes.
final class CardSnapshotTests: XCTestCase {
    func testCard() {
        assertSnapshot(of: makeCard(), as: .lamina(scale: 2))                     // CPU: same bytes everywhere
        assertSnapshot(of: makeCard(), as: .lamina(scale: 2, backend: .gpu,       // the GPU against the same
                                                   maxDifference: 2), named: "1") // reference, within the parity contract
    }

    func testRedCard_failsAgainstTheBlueReference() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["LAMINA_EXAMPLE_EXPECT_FAILURE"] == "1",
                          "fails on purpose; LAMINA_EXAMPLE_EXPECT_FAILURE=1 runs it")
        assertSnapshot(of: makeCard(accent: .systemRed), as: .lamina(scale: 2), named: "1", record: .never,
                       testName: "testCard")
    }
}
