import LaminaImage
import XCTest

/// Where two images differ: the first pixel of the largest difference, and the box of the pixels over a
/// threshold (what `lamina diff` prints).
final class ImageComparisonPlaceTests: XCTestCase {
    func testLargestDifference_andTheBoxOverTheThreshold_areLocated() throws {
        let a = Image(width: 8, height: 6)
        var b = a
        b.setPixel(x: 5, y: 1, (3, 0, 0, 3))
        b.setPixel(x: 2, y: 4, (9, 9, 9, 9))
        b.setPixel(x: 6, y: 5, (1, 0, 0, 1))
        let c = try ImageComparison(a, b)
        XCTAssertEqual(c.largestDifferenceAt?.x, 2)
        XCTAssertEqual(c.largestDifferenceAt?.y, 4)
        let box = try XCTUnwrap(c.boundingBox(over: 2))
        XCTAssertEqual([box.x0, box.y0, box.x1, box.y1], [2, 1, 6, 5])
        XCTAssertNil(try ImageComparison(a, a).largestDifferenceAt)
        XCTAssertNil(c.boundingBox(over: 9))
    }
}
