import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL

/// A texel copy of a mostly empty image (a text layer's store) draws only the pieces that hold its
/// non-zero texels (`TexelOccupancy`): every such pixel inside the copy's bounds is in exactly one piece,
/// the pieces stay inside the bounds, and they leave out most of the empty ones.
final class TexelOccupancyTests: XCTestCase {
    /// A w x h image whose rows are lines of "words" (runs of non-zero texels) separated by empty lines.
    private func textLike(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> Image? {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h where (y / 6) % 3 != 2 {
            var x = Int(rng.next() % 9)
            while x < w {
                let word = 3 + Int(rng.next() % 20)
                for i in x..<min(w, x + word) where rng.next() % 3 != 0 {
                    bytes[(y * w + i) * 4 + 3] = UInt8(1 + rng.next() % 255)
                }
                x += word + 4 + Int(rng.next() % 40)
            }
        }
        return Image(width: w, height: h, premultipliedRGBA: bytes)
    }

    func testPieces_holdEveryOccupiedPixel_once() throws {
        var rng = SplitMix64(seed: 31)
        var cut = 0
        for trial in 0..<40 {
            let w = 40 + Int(rng.next() % 300), h = 20 + Int(rng.next() % 120)
            guard let image = textLike(w, h, &rng) else { return XCTFail("no image") }
            guard let occupancy = TexelOccupancy(image) else { continue }
            cut += 1
            // The image at an offset in its target, its bounds cut by the pass or the op.
            let ox = Int(rng.next() % 50) - 10, oy = Int(rng.next() % 50) - 10
            let op = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: w, height: h))),
                            paint: .texture(TextureDraw(source: .image(ImageID(0)), minFilter: .nearest, magFilter: .nearest)),
                            transform: .translation(Double(ox), Double(oy)),
                            bounds: PixelRect(x0: ox + Int(rng.next() % 7), y0: oy + Int(rng.next() % 5),
                                              x1: ox + w - Int(rng.next() % 7), y1: oy + h - Int(rng.next() % 5)))
            guard case .texture(let t) = op.paint,
                  let blit = TexelBlit(op, t, bounds: op.bounds, textureWidth: w, textureHeight: h),
                  let pieces = occupancy.pieces(blit) else { return XCTFail("trial \(trial): not a one-to-one copy") }
            var owner = [Int](repeating: -1, count: w * h)
            for (k, piece) in pieces.enumerated() {
                XCTAssertEqual(piece.intersection(blit.bounds), piece, "trial \(trial): inside the bounds")
                for y in piece.y0..<piece.y1 {
                    for x in piece.x0..<piece.x1 {
                        let i = (y - oy) * w + (x - ox)
                        XCTAssertEqual(owner[i], -1, "trial \(trial): pieces overlap at \(x), \(y)")
                        owner[i] = k
                    }
                }
            }
            for y in blit.bounds.y0..<blit.bounds.y1 {
                for x in blit.bounds.x0..<blit.bounds.x1 where image.pixels[((y - oy) * w + (x - ox)) * 4 + 3] != 0 {
                    XCTAssertNotEqual(owner[(y - oy) * w + (x - ox)], -1, "trial \(trial): pixel \(x), \(y) left out")
                }
            }
            XCTAssertLessThan(pieces.reduce(0) { $0 + $1.area }, blit.bounds.area, "trial \(trial): fewer pixels")
        }
        XCTAssertGreaterThan(cut, 30, "text-like images are worth cutting")
    }

    /// Scattered dots, every 40th texel of every 4th row, shifted from row to row: sparse enough to cut, but
    /// cut into more pieces than quads are worth (no two bands share their columns), so the copy is drawn
    /// whole.
    func testScatteredDots_areDrawnWhole() throws {
        let w = 2048, h = 512
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in stride(from: 0, to: h, by: 4) { for x in stride(from: (y / 4) * 8 % 40, to: w, by: 40) { bytes[(y * w + x) * 4 + 3] = 255 } }
        let image = try XCTUnwrap(Image(width: w, height: h, premultipliedRGBA: bytes))
        let occupancy = try XCTUnwrap(TexelOccupancy(image))
        let op = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: w, height: h))),
                        paint: .texture(TextureDraw(source: .image(ImageID(0)), minFilter: .nearest, magFilter: .nearest)),
                        transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: w, y1: h))
        guard case .texture(let t) = op.paint,
              let blit = TexelBlit(op, t, bounds: op.bounds, textureWidth: w, textureHeight: h) else { return XCTFail("not a copy") }
        XCTAssertNil(occupancy.pieces(blit)?.count, "pieces")
    }

    /// Filtered draws of a mostly empty image (a store at a fractional position, scaled up and down, with a
    /// source rect inside the image and one reaching past its edge, whose edge texels then spread): cut to
    /// the pixels that reach its non-zero texels, they give the bytes of the whole draw.
    func testFilteredDraws_cutToTheirFootprint_giveTheWholeDrawsBytes() throws {
        var rng = SplitMix64(seed: 7)
        let image = try XCTUnwrap(textLike(120, 60, &rng))
        XCTAssertNotNil(TexelOccupancy(image))
        let resource = ImageResource(id: ImageID(0), bitmap: Bitmap(image: image))
        func op(_ rect: CGRect, _ m: Transform3D, _ filter: ContentsFilter, source: CGRect) -> DrawOp {
            let t = TextureDraw(source: .image(ImageID(0)), sourceRect: source, minFilter: filter, magFilter: filter)
            return DrawOp(shape: .rect(rect), paint: .texture(t), transform: m, bounds: TestGraphs.full(300, 220))
        }
        let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
        let ops = [
            op(CGRect(x: 0, y: 0, width: 120, height: 60), .translation(3.37, 2.61), .linear, source: whole),
            op(CGRect(x: 0, y: 0, width: 120, height: 60), Transform3D.scale(1.6, 1.6).concatenating(.translation(130.2, 4.7)),
               .linear, source: whole),
            op(CGRect(x: 0, y: 0, width: 120, height: 60), Transform3D.scale(0.7, 0.55).concatenating(.translation(8.5, 120.3)),
               .linear, source: whole),
            op(CGRect(x: 0, y: 0, width: 90, height: 40), .translation(110.25, 130.75), .nearest,
               source: CGRect(x: 0.2, y: 0.3, width: 0.5, height: 0.5)),
            // Past the image's edge: its last columns and rows repeat.
            op(CGRect(x: 0, y: 0, width: 150, height: 70), .translation(140.4, 120.2), .linear,
               source: CGRect(x: 0.6, y: -0.2, width: 0.7, height: 1.3)),
        ]
        let graph = TestGraphs.canvas(ops, width: 300, height: 220, images: [resource], clear: TestGraphs.white)
        let both = try FastPathsOnAndOff(graph)
        XCTAssertEqual(GLTestSupport.compare(both.fast, both.reference, maxDiff: 0, name: "filtered occupancy"), 0)
        XCTAssertLessThan(both.fastPixels, both.referencePixels, "the empty lines are left out")
    }

    func testFullImages_areDrawnWhole() throws {
        let full = Image(width: 64, height: 32, premultipliedRGBA: [UInt8](repeating: 200, count: 64 * 32 * 4))
        XCTAssertNotNil(full)
        XCTAssertNil(full.flatMap { TexelOccupancy($0) })
    }
}
