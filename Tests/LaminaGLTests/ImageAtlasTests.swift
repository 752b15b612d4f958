import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaGL

/// Small images drawn from atlas pages (`ImageAtlas`): the bytes of drawing each from its own texture, in a
/// few draw calls instead of one per image; slots that do not overlap; a full atlas falls back and starts
/// over.
final class ImageAtlasTests: XCTestCase {
    /// A `w` x `h` image of translucent noise with a transparent border row (its edges matter to bilinear
    /// reads clamped to the slot).
    private func noise(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> Bitmap? {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 1..<h {
            for x in 0..<w {
                let a = UInt8(rng.next() % 256)
                for k in 0..<3 { bytes[(y * w + x) * 4 + k] = UInt8(rng.next() % UInt64(Int(a) + 1)) }
                bytes[(y * w + x) * 4 + 3] = a
            }
        }
        return Image(width: w, height: h, premultipliedRGBA: bytes).map { Bitmap(image: $0) }
    }

    /// Forty images drawn as texel copies, at fractional positions (bilinear), scaled with nearest and
    /// linear filters, and trilinear (their own textures): the same bytes with the atlas as without.
    func testDrawsFromTheAtlas_giveEachTexturesBytes_inFewerDrawCalls() throws {
        var rng = SplitMix64(seed: 11)
        var images: [ImageResource] = [], ops: [DrawOp] = []
        for i in 0..<40 {
            let w = 6 + Int(rng.next() % 40), h = 5 + Int(rng.next() % 30)
            guard let bitmap = noise(w, h, &rng) else { return XCTFail("no image") }
            images.append(ImageResource(id: ImageID(i), bitmap: bitmap))
            let x = Double(i % 8) * 60 + 3, y = Double(i / 8) * 50 + 4
            let (dx, dy, sx, sy): (Double, Double, Double, Double) = [(0, 0, 1, 1), (0.37, 0.61, 1, 1), (0.25, 0, 1.6, 1.3),
                                                                     (0, 0.5, 0.7, 0.9)][i % 4]
            let filter: ContentsFilter = i % 5 == 0 ? .nearest : .linear
            let t = TextureDraw(source: .image(ImageID(i)), minFilter: i % 7 == 6 ? .trilinear : filter, magFilter: filter,
                                opacity: i % 3 == 0 ? 0.75 : 1)
            let m = Transform3D.scale(sx, sy).concatenating(.translation(x + dx, y + dy))
            ops.append(DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: w, height: h)), paint: .texture(t), transform: m,
                              bounds: PixelRect(x0: Int(x), y0: Int(y), x1: Int(x + dx + Double(w) * sx) + 2,
                                                y1: Int(y + dy + Double(h) * sy) + 2)))
        }
        let graph = TestGraphs.canvas(ops, width: 480, height: 260, images: images, clear: TestGraphs.white)
        let both = try FastPathsOnAndOff(graph)
        XCTAssertEqual(GLTestSupport.compare(both.fast, both.reference, maxDiff: 0, name: "atlas"), 0)
        XCTAssertLessThan(both.fastDrawCalls * 2, both.referenceDrawCalls, "the packed images batch")
    }

    /// Slots lie inside their page and never overlap; an image past the side limit gets none; a full atlas
    /// answers nil until the frame's end, when it starts over.
    func testSlots_packWithoutOverlap_andAFullAtlasStartsOver() throws {
        _ = try GLTestSupport.renderer()
        let atlas = ImageAtlas(pageSide: 64, maximumSide: 32, maximumPages: 2)
        var rng = SplitMix64(seed: 3)
        var bitmaps: [Bitmap] = [], slots: [ImageAtlas.Slot] = []
        while true {
            guard let b = noise(4 + Int(rng.next() % 20), 3 + Int(rng.next() % 20), &rng) else { return XCTFail("no image") }
            bitmaps.append(b)
            guard let slot = try atlas.slot(for: b) else { break }
            XCTAssertTrue(slot.x >= 0 && slot.y >= 0 && slot.x + slot.width <= 64 && slot.y + slot.height <= 64)
            for other in slots where other.page === slot.page {
                let apart = slot.x + slot.width <= other.x || other.x + other.width <= slot.x
                    || slot.y + slot.height <= other.y || other.y + other.height <= slot.y
                XCTAssertTrue(apart, "slots overlap: \(slot) \(other)")
            }
            slots.append(slot)
        }
        XCTAssertGreaterThan(slots.count, 8, "two pages hold several images")
        XCTAssertEqual(Set(slots.map { ObjectIdentifier($0.page) }).count, 2)
        XCTAssertEqual(try atlas.slot(for: bitmaps[0])?.x, slots[0].x, "a packed image keeps its slot")
        XCTAssertNil(try noise(40, 8, &rng).flatMap { try atlas.slot(for: $0) }, "wider than the side limit")
        let last = bitmaps.removeLast()
        atlas.sweep()
        XCTAssertNil(try atlas.slot(for: last), "every packed image lives: the pages stay full")
        XCTAssertEqual(try atlas.slot(for: bitmaps[1])?.y, slots[1].y)
        bitmaps.removeFirst()
        slots.removeAll()
        atlas.sweep()
        let again = try XCTUnwrap(try atlas.slot(for: last), "emptied after a crowded frame in which an image went")
        XCTAssertEqual(again.x, 0)
        XCTAssertEqual(again.y, 0)
    }
}
