import LaminaGeometry
import XCTest
@testable import LaminaImage

/// `Occupancy`: one bit a texel, set where any byte is non-zero, and the runs of two rows' union within a
/// column range, checked against the texels one by one.
final class OccupancyTests: XCTestCase {
    /// An image of `width` x `height` texels, each non-zero with probability `density`, in one random byte.
    private func sparse(_ width: Int, _ height: Int, density: Double, _ rng: inout SplitMix64) -> Image {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<width * height where Double(rng.next() % 1000) / 1000 < density {
            bytes[i * 4 + Int(rng.next() % 4)] = UInt8(1 + rng.next() % 255)
        }
        return Image(width: width, height: height, premultipliedRGBA: bytes) ?? Image(width: 0, height: 0)
    }

    /// The runs `forEachRun` should report, found texel by texel.
    private func expectedRuns(_ image: Image, _ a: Int, _ b: Int, _ columns: ClosedRange<Int>) -> [[Int]] {
        var runs: [[Int]] = [], start = -1
        let first = max(columns.lowerBound, 0), last = min(columns.upperBound, image.width - 1)
        if first <= last {
            for x in first...last {
                let p = image.pixel(x: x, y: a), q = image.pixel(x: x, y: b)
                let live = [p.r, p.g, p.b, p.a, q.r, q.g, q.b, q.a].contains { $0 != 0 }
                if live, start < 0 { start = x }
                if !live, start >= 0 { runs.append([start, x]); start = -1 }
            }
            if start >= 0 { runs.append([start, last + 1]) }
        }
        return runs
    }

    func testRuns_matchTheTexels_acrossWordEdges() {
        var rng = SplitMix64(seed: 7)
        for width in [1, 2, 63, 64, 65, 127, 128, 129, 200] {
            for density in [0.05, 0.5, 0.95] {
                let image = sparse(width, 5, density: density, &rng)
                let occupancy = Occupancy(image)
                for _ in 0..<40 {
                    let a = Int(rng.next() % 5), b = Int(rng.next() % 5)
                    let lo = Int(rng.next() % UInt64(width + 2)) - 1
                    let hi = lo + Int(rng.next() % UInt64(width + 2))
                    var runs: [[Int]] = []
                    occupancy.forEachRun(rows: a, b, in: lo...hi) { runs.append([$0, $1]) }
                    XCTAssertEqual(runs, expectedRuns(image, a, b, lo...hi),
                                   "width \(width), density \(density), rows \(a) \(b), columns \(lo)...\(hi)")
                }
            }
        }
    }

    func testFullRows_areOneRun_andEmptyRowsNone() {
        let full = Image(width: 130, height: 2, premultipliedRGBA: [UInt8](repeating: 9, count: 130 * 2 * 4))
        let occupancy = Occupancy(full ?? Image(width: 0, height: 0))
        var runs: [[Int]] = []
        occupancy.forEachRun(rows: 0, 1, in: 0...129) { runs.append([$0, $1]) }
        XCTAssertEqual(runs, [[0, 130]])
        runs = []
        Occupancy(Image(width: 130, height: 2)).forEachRun(rows: 0, 1, in: 0...129) { runs.append([$0, $1]) }
        XCTAssertEqual(runs, [])
        // Rows outside the image report nothing rather than reading past it.
        occupancy.forEachRun(rows: 0, 2, in: 0...129) { runs.append([$0, $1]) }
        XCTAssertEqual(runs, [])
    }

    func testBitmap_keepsItsOccupancy() {
        var rng = SplitMix64(seed: 3)
        let bitmap = Bitmap(image: sparse(70, 4, density: 0.3, &rng))
        XCTAssertEqual(bitmap.occupancy.words, Occupancy(bitmap.image).words)
        XCTAssertEqual(bitmap.occupancy.wordsPerRow, 2)
    }
}
