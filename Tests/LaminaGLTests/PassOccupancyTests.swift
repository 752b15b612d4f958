import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL

/// A pass drawn back (a group's opacity) shades only the union of its ops' bounds (`TexelOccupancy(pass:)`):
/// outside it the pass is transparent, so leaving those pixels out keeps every byte.
final class PassOccupancyTests: XCTestCase {
    func testRectUnion_spansAreTheUnionRowByRow() throws {
        var rng = SplitMix64(seed: 5)
        var cut = 0
        for trial in 0..<60 {
            let w = 30 + Int(rng.next() % 200), h = 20 + Int(rng.next() % 150)
            let rects = (0..<(1 + Int(rng.next() % 6))).map { _ -> PixelRect in
                let x = Int(rng.next() % UInt64(w + 20)) - 10, y = Int(rng.next() % UInt64(h + 20)) - 10
                return PixelRect(x0: x, y0: y, x1: x + Int(rng.next() % 50), y1: y + Int(rng.next() % 40))
            }
            var union = [Bool](repeating: false, count: w * h)
            for r in rects {
                for y in max(0, r.y0)..<max(max(0, r.y0), min(h, r.y1)) {
                    for x in max(0, r.x0)..<max(max(0, r.x0), min(w, r.x1)) { union[y * w + x] = true }
                }
            }
            let area = union.filter { $0 }.count
            guard let occupancy = TexelOccupancy(rects: rects, width: w, height: h) else {
                XCTAssertGreaterThan(Double(area), TexelOccupancy.worthCutting * Double(w * h), "trial \(trial): drawn whole")
                continue
            }
            cut += 1
            XCTAssertEqual(occupancy.rowStarts.count, h + 1, "trial \(trial)")
            for y in 0..<h {
                var row = [Bool](repeating: false, count: w)
                for s in occupancy.spans[occupancy.rowStarts[y]..<occupancy.rowStarts[y + 1]] {
                    for x in s { row[x] = true }
                }
                XCTAssertEqual(row, Array(union[(y * w)..<(y * w + w)]), "trial \(trial): row \(y)")
            }
        }
        XCTAssertGreaterThan(cut, 30)
    }

    /// Pieces of consecutive bands with the same columns are one piece: a rect is one quad, not one a band.
    func testBandsWithTheSameColumns_makeOnePiece() throws {
        let occupancy = try XCTUnwrap(TexelOccupancy(rects: [PixelRect(x0: 8, y0: 4, x1: 40, y1: 60),
                                                            PixelRect(x0: 100, y0: 4, x1: 140, y1: 90)],
                                                     width: 200, height: 100))
        let op = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 200, height: 100)),
                        paint: .texture(TextureDraw(source: .pass(PassID(0)), minFilter: .nearest, magFilter: .nearest)),
                        transform: .translation(10, 20), bounds: PixelRect(x0: 10, y0: 20, x1: 210, y1: 120))
        guard case .texture(let t) = op.paint,
              let blit = TexelBlit(op, t, bounds: op.bounds, textureWidth: 200, textureHeight: 100) else { return XCTFail("a copy") }
        let pieces = try XCTUnwrap(occupancy.pieces(blit))
        XCTAssertEqual(pieces, [PixelRect(x0: 16, y0: 24, x1: 52, y1: 80), PixelRect(x0: 108, y0: 24, x1: 152, y1: 80),
                                PixelRect(x0: 108, y0: 80, x1: 152, y1: 112)])
    }

    /// A group pass of cards drawn back at an opacity, as a texel copy and turned (a filtered draw), over a
    /// background: the bytes with the pieces are the bytes of the whole draws, and fewer pixels are shaded.
    func testGroupDrawnBack_onlyWhereItsOpsAre_sameBytes() throws {
        let card = { (x: Double, y: Double, c: PremultipliedColor) -> DrawOp in
            DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: x, y: y, width: 50, height: 36), radius: 6, corners: .all,
                                                   curve: .circular)),
                   paint: .solid(c), transform: .identity,
                   bounds: PixelRect(x0: Int(x.rounded(.down)), y0: Int(y.rounded(.down)), x1: Int((x + 50).rounded(.up)),
                                     y1: Int((y + 36).rounded(.up))))
        }
        let half = PremultipliedColor(r: 0, g: 0.4, b: 0, a: 0.5)
        let group = Pass(id: PassID(0), reason: .groupOpacity, label: "group", width: 140, height: 110,
                         content: .draw([card(0, 0, TestGraphs.red), card(30.5, 20.25, half), card(80, 70, TestGraphs.blue)]))
        func drawBack(_ m: Transform3D, bounds: PixelRect, filter: ContentsFilter) -> DrawOp {
            DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 140, height: 110)),
                   paint: .texture(TextureDraw(source: .pass(PassID(0)), minFilter: filter, magFilter: filter, opacity: 0.7)),
                   transform: m, bounds: bounds)
        }
        let background = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 400, height: 260)),
                                paint: .solid(PremultipliedColor(r: 0.2, g: 0.3, b: 0.6, a: 1)), transform: .identity,
                                bounds: TestGraphs.full(400, 260))
        let ops = [background,
                   drawBack(.translation(7, 9), bounds: PixelRect(x0: 7, y0: 9, x1: 147, y1: 119), filter: .nearest),
                   drawBack(.translation(180.4, 30.7), bounds: PixelRect(x0: 180, y0: 30, x1: 322, y1: 142), filter: .linear)]
        let graph = TestGraphs.canvas(ops, width: 400, height: 260, clear: TestGraphs.white, before: [group])
        let both = try FastPathsOnAndOff(graph)
        XCTAssertEqual(GLTestSupport.compare(both.fast, both.reference, maxDiff: 0, name: "group occupancy"), 0)
        XCTAssertLessThan(both.fastPixels, both.referencePixels, "the pass's empty corners are left out")
    }
}
