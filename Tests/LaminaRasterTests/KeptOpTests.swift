import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// A draw whose bytes an earlier frame kept is not prepared (`PassDraw.prepare`): it is looked up by a hash
/// and a comparison made where the operation lies (`DrawIdentity.hash(op:image:)`, `matches`), which must
/// agree with the identity the bytes were kept under; it finds hidden pixels only when it is large
/// (`KeptOp.hiddenArea`), and every frame draws the bytes of a renderer that keeps nothing.
final class KeptOpTests: XCTestCase {
    private let red = PremultipliedColor(r: 0.8, g: 0.1, b: 0.1, a: 0.8)

    private func fill(_ x: Double, _ bounds: PixelRect, transform: Transform3D = .identity) -> DrawOp {
        DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: x, y: 2, width: 30, height: 20), radius: 4, corners: .all, curve: .circular)),
               paint: .solid(red), transform: transform, bounds: bounds)
    }

    /// `matches` is `==` of the identity the lookup would make, and what matches hashes alike (zeros of
    /// either sign included, which compare equal): a moved operation, another border, another image or a
    /// border missing on one side do not match.
    func testLookups_agreeWithTheIdentity() throws {
        let bounds = PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)
        let op = fill(3.25, bounds), moved = fill(3.5, bounds)
        let border = DrawOp(shape: .ring(RoundedRect(rect: CGRect(x: 3.25, y: 2, width: 30, height: 20), radius: 4,
                                                     corners: .all, curve: .circular), width: 1.5),
                            paint: .solid(PremultipliedColor(r: 0, g: 0, b: 0, a: 1)), transform: .identity, bounds: bounds)
        var nan = Transform3D.identity
        nan.m42 = .nan
        let image = ObjectIdentifier(self)
        for (a, b) in [(op, op), (op, moved), (fill(1, bounds, transform: nan), fill(1, bounds, transform: nan))] {
            for pic in [nil, image] {
                let alone = DrawIdentity(op: a, border: nil, image: pic)
                XCTAssertEqual(alone.matches(op: b, image: pic), alone == DrawIdentity(op: b, border: nil, image: pic))
                if alone.matches(op: b, image: pic) {
                    XCTAssertEqual(DrawIdentity.hash(op: a, image: pic), DrawIdentity.hash(op: b, image: pic))
                }
                XCTAssertFalse(alone.matches(op: b, border: border, image: pic), "a border on one side only")
                let framed = DrawIdentity(op: a, border: border, image: pic)
                XCTAssertNotEqual(DrawIdentity.hash(op: a, border: border, image: pic), DrawIdentity.hash(op: a, image: pic))
                XCTAssertEqual(framed.matches(op: b, border: border, image: pic),
                               framed == DrawIdentity(op: b, border: border, image: pic))
                XCTAssertFalse(framed.matches(op: b, image: pic), "a border on one side only")
                XCTAssertFalse(framed.matches(op: b, border: moved, image: pic), "another border")
                XCTAssertFalse(alone.matches(op: b, image: pic == nil ? image : nil), "another image")
            }
        }
        XCTAssertTrue(DrawIdentity(op: op, border: nil, image: nil).matches(op: op, image: nil))
        XCTAssertFalse(DrawIdentity(op: op, border: nil, image: nil).matches(op: moved, image: nil))
        XCTAssertTrue(DrawIdentity(op: fill(1, bounds, transform: nan), border: nil, image: nil)
            .matches(op: fill(1, bounds, transform: nan), image: nil), "a map holding a NaN matches itself")
        // Zeros of either sign in the shape, the colour and the modulation: equal, so hashed alike.
        var negative = fill(-0.0, bounds), positive = fill(0, bounds)
        negative.paint = .solid(PremultipliedColor(r: -0.0, g: 0.1, b: 0.1, a: 0.8))
        positive.paint = .solid(PremultipliedColor(r: 0, g: 0.1, b: 0.1, a: 0.8))
        negative.modulate = PremultipliedColor(r: 1, g: -0.0, b: 1, a: 1)
        positive.modulate = PremultipliedColor(r: 1, g: 0, b: 1, a: 1)
        XCTAssertTrue(DrawIdentity(op: negative, border: nil, image: nil).matches(op: positive, image: nil))
        XCTAssertEqual(DrawIdentity.hash(op: negative, image: nil), DrawIdentity.hash(op: positive, image: nil))
        XCTAssertNotEqual(DrawIdentity.hash(op: op, image: nil), DrawIdentity.hash(op: moved, image: nil))
    }

    /// Cards under opaque cards: from the third frame every draw is kept, the small ones draw their bytes
    /// whole and the large one leaves out what the card over it hides; each frame is the bytes of a renderer
    /// that keeps nothing, with occlusion on and off.
    func testKeptDraws_skipHiddenPixelsOnlyWhenLarge() throws {
        let scene = makeScene(width: 320, height: 200, background: Color(red: 0.9, green: 0.9, blue: 0.95, alpha: 1)) { root in
            let large = Layer()
            large.frame = CGRect(x: 10.5, y: 10.25, width: 200, height: 120)
            large.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.7)
            large.cornerRadius = 9
            large.borderWidth = 2
            large.borderColor = Color(red: 0.1, green: 0.1, blue: 0.2)
            root.addSublayer(large)
            for k in 0..<24 {
                let card = Layer()
                card.frame = CGRect(x: 40 + Double(k % 8) * 30.5, y: 60 + Double(k / 8) * 27.25, width: 44, height: 30)
                card.backgroundColor = Color(red: 0.3 + 0.02 * Double(k), green: 0.6, blue: 0.3, alpha: k % 3 == 0 ? 0.7 : 1)
                card.cornerRadius = 5
                card.borderWidth = 1
                card.borderColor = Color(red: 0.1, green: 0.2, blue: 0.1)
                root.addSublayer(card)
            }
        }
        let planner = Planner()
        let graph = try planner.plan(scene)
        let renderer = CPURenderer()
        let fresh = try CPURenderer(paths: CPUFastPaths.all.subtracting(.keptDraws)).render(graph)
        let plain = try CPURenderer(paths: CPUFastPaths.all.subtracting([.keptDraws, .occlusion])).render(graph)
        XCTAssertTrue(fresh.pixels == plain.pixels, "occlusion changes no byte")
        for frame in 0..<3 {
            let image = try renderer.render(planner.plan(scene))
            let cmp = try ImageComparison(image, fresh)
            XCTAssertEqual(cmp.maxDifference, 0, "frame \(frame): \(cmp.differingPixels) pixels differ")
        }
        guard case .draw(let ops) = graph.passes[graph.passes.count - 1].content else { return XCTFail("the canvas draws") }
        var samplers: [ImageID: TextureSampler] = [:]
        let drawn = try PreparedOp.prepare(ops, graph: graph, passes: [:], samplers: &samplers, fastPaths: .all,
                                           fusesBorders: true, alphas: [:], kept: nil, draws: renderer.keptDraws, workers: 1)
        let kept = drawn.compactMap { draw -> KeptOp? in if case .kept(let k) = draw { return k } else { return nil } }
        XCTAssertEqual(kept.count, drawn.count, "every draw is kept by the third frame")
        XCTAssertEqual(kept.filter(\.skipsHidden).map(\.bounds.area), kept.map(\.bounds.area).filter { $0 >= KeptOp.hiddenArea })
        XCTAssertEqual(kept.filter(\.skipsHidden).count, 1, "the large card")
        let hidden = Occlusion.hidden(drawn)
        XCTAssertFalse(hidden[0].isEmpty, "the large card's pixels under the opaque cards are found")
        XCTAssertTrue(hidden.dropFirst().allSatisfy(\.isEmpty), "small cards draw their bytes whole")
        XCTAssertGreaterThan(kept.filter { $0.draw.opaqueRect != nil }.count, 10, "opaque cards keep their rectangles")
        // The large card's straight stretch is one row of segments shared by the rows under it.
        let large = kept[0].draw, rows = large.rows.count / 2
        let distinct = Set((0..<rows).map { [large.rows[2 * $0], large.rows[2 * $0 + 1]] }).count
        XCTAssertEqual(rows, kept[0].bounds.height)
        XCTAssertLessThan(distinct, 30, "\(rows) rows keep \(distinct) distinct ones")
    }

    /// Two draws under one hash (paths differing only in points the hash does not sample): the first keeps
    /// its bytes and the second is drawn every frame without being made, instead of the two making each
    /// other's bytes again frame after frame.
    func testTwoDrawsOfOneHash_keepTheFirst() throws {
        let bounds = PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)
        let a = fill(3, bounds), b = fill(5, bounds), hash = 42
        let draws = KeptDraws()
        var made = 0
        func draw(_ op: DrawOp) -> KeptDraws.Draw? {
            if let kept = draws.kept(hash), kept.identity.matches(op: op, image: nil) { return kept }
            return draws.make(hash, identity: { DrawIdentity(op: op, border: nil, image: nil) }, bounds: bounds,
                              bitmap: nil, opaqueRect: nil) { target in
                made += 1
                target.store(0xFF00_00FF, xs: 0..<4, y: 0)
            }
        }
        XCTAssertNil(draw(a), "seen once")
        XCTAssertNotNil(draw(a), "made and kept")
        for frame in 0..<3 {
            XCTAssertNotNil(draw(a), "frame \(frame): the first draw's bytes")
            XCTAssertNil(draw(b), "frame \(frame): the second is drawn, not made")
        }
        XCTAssertEqual(made, 1)
        XCTAssertEqual(draws.count, 1)
    }
}
