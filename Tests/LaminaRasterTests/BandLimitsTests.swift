import LaminaGeometry
import XCTest
@testable import LaminaRaster

/// A pass's bands hold about equal work (`CPURenderer.bandLimits`): every row in one band, every band a
/// row at least, and crowded rows split finer than empty ones.
final class BandLimitsTests: XCTestCase {
    private func check(_ limits: [Int], height: Int, bands: Int, _ message: String) {
        XCTAssertEqual(limits.count, bands + 1, message)
        XCTAssertEqual(limits.first, 0, message)
        XCTAssertEqual(limits.last, height, message)
        for k in 0..<bands { XCTAssertLessThan(limits[k], limits[k + 1], "\(message): band \(k) is empty") }
    }

    func testEmptyPassesSplitEvenly_andEveryBandHasARow() {
        check(CPURenderer.bandLimits([], width: 100, height: 80, bands: 8), height: 80, bands: 8, "no ops")
        XCTAssertEqual(CPURenderer.bandLimits([], width: 100, height: 80, bands: 8), [0, 10, 20, 30, 40, 50, 60, 70, 80])
        check(CPURenderer.bandLimits([], width: 100, height: 9, bands: 8), height: 9, bands: 8, "a row or two a band")
        // All the work in the last row: the bands before it still get a row each.
        let last = [PixelRect(x0: 0, y0: 9, x1: 100, y1: 10)]
        check(CPURenderer.bandLimits(Array(repeating: last[0], count: 500), width: 100, height: 10, bands: 8),
              height: 10, bands: 8, "crowded last row")
    }

    func testCrowdedRowsGetNarrowerBands() {
        // 200 wide operations over rows 400..<500 of 1000: most bands fall among them.
        let ops = Array(repeating: PixelRect(x0: 0, y0: 400, x1: 1000, y1: 500), count: 200)
        let limits = CPURenderer.bandLimits(ops, width: 1000, height: 1000, bands: 8)
        check(limits, height: 1000, bands: 8, "crowded middle")
        XCTAssertGreaterThanOrEqual(limits.filter { $0 > 400 && $0 < 500 }.count, 5, "\(limits)")
        // Operations outside the pass weigh nothing.
        let outside = [PixelRect(x0: -50, y0: -20, x1: -1, y1: 2000), PixelRect(x0: 0, y0: 2000, x1: 100, y1: 2100)]
        XCTAssertEqual(CPURenderer.bandLimits(outside, width: 1000, height: 800, bands: 8),
                       CPURenderer.bandLimits([], width: 1000, height: 800, bands: 8))
    }
}
