import CLaminaKernels
import Foundation
import LaminaCore
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest
@testable import LaminaRaster

/// Draws' source bytes kept between frames (`CPUFastPaths.keptDraws`): kept on a draw's second sighting,
/// taken from the third, and every frame draws the bytes of a renderer that keeps nothing, with the draws
/// moved, faded, recoloured, covered or given a new image between frames.
final class KeptDrawsTests: XCTestCase {
    /// Images and text labels at fractional positions and scales, some faded, one of each drawn texel for
    /// pixel; a bordered card, a rotated one, a gradient, a filled and stroked path, a group with opacity
    /// (its pass is drawn anew each frame), all under a rounded clip; an opaque card that hides part of
    /// them. `cover` moves that card, `opacity` fades the first label and the group, `shift` moves the
    /// second image and the rotated card by that many points, `color` recolours the first label and the
    /// bordered card's border.
    private func scene(_ images: [Bitmap], cover: Double = 20, opacity: Float = 1, shift: Double = 0,
                       color: Color = .black) -> Scene {
        makeScene(width: 180, height: 120, background: Color(red: 0.85, green: 0.88, blue: 0.9, alpha: 1)) { root in
            shapes(root, opacity: opacity, shift: shift, color: color)
            for (k, image) in images.enumerated() {
                let layer = Layer()
                layer.frame = CGRect(x: 4.3 + Double(k) * 44 + (k == 1 ? shift : 0), y: 60.6, width: 40, height: 27)
                layer.contentsValue = image
                layer.opacity = k == 2 ? 0.55 : 1
                root.addSublayer(layer)
            }
            for k in 0..<3 {
                let text = TextLayer()
                text.frame = CGRect(x: 2.37 + Double(k) * 58, y: 4.71 + Double(k) * 3.1, width: 56, height: 50)
                text.contentsScale = [2, 1, 3][k]
                text.stringValue = "Kept samples of label \(k) wrap"
                text.fontSize = 9
                text.isWrapped = true
                text.foregroundColor = k == 0 ? color : Color(red: 0.1, green: 0.3, blue: 0.6)
                text.opacity = k == 0 ? opacity : 1
                root.addSublayer(text)
            }
            // Drawn texel for pixel (a nearest grid): an image at its size and a label at whole points.
            let exact = Layer()
            exact.frame = CGRect(x: 130, y: 92, width: 17, height: 11)
            exact.contentsValue = images[0]
            root.addSublayer(exact)
            let label = TextLayer()
            label.frame = CGRect(x: 120, y: 100, width: 60, height: 16)
            label.stringValue = "Whole points"
            label.fontSize = 10
            label.foregroundColor = color
            label.opacity = opacity
            root.addSublayer(label)
            let card = Layer()
            card.frame = CGRect(x: cover, y: 10, width: 40, height: 70)
            card.backgroundColor = Color(red: 0.3, green: 0.5, blue: 0.2)
            root.addSublayer(card)
        }
    }

    private func shapes(_ root: Layer, opacity: Float, shift: Double, color: Color) {
        let clip = Layer()
        clip.frame = CGRect(x: 1.5, y: 1.25, width: 176, height: 116)
        clip.cornerRadius = 11
        clip.masksToBounds = true
        root.addSublayer(clip)
        let card = Layer()
        card.frame = CGRect(x: 90.3, y: 60.7, width: 50, height: 34)
        card.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        card.cornerRadius = 6.5
        card.borderWidth = 1.5
        card.borderColor = color
        clip.addSublayer(card)
        let turned = Layer()
        turned.frame = CGRect(x: 120 + shift, y: 20, width: 40, height: 26)
        turned.backgroundColor = Color(red: 0.2, green: 0.7, blue: 0.5, alpha: 0.8)
        turned.cornerRadius = 5
        turned.transform = Transform3D.rotation(0.35, 0, 0, 1)
        clip.addSublayer(turned)
        let gradient = GradientLayer()
        gradient.frame = CGRect(x: 8.6, y: 88.2, width: 70, height: 24)
        gradient.colorsValue = [Color(red: 0.9, green: 0.2, blue: 0.3), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)]
        gradient.cornerRadius = 4
        clip.addSublayer(gradient)
        let shape = ShapeLayer()
        shape.frame = CGRect(x: 140.5, y: 70.25, width: 36, height: 40)
        var path = Path()
        path.move(to: CGPoint(x: 2, y: 38))
        path.curve(to: CGPoint(x: 34, y: 4), control1: CGPoint(x: 4, y: -10), control2: CGPoint(x: 40, y: 30))
        path.closeSubpath()
        shape.pathValue = path
        shape.fillColor = Color(red: 0.4, green: 0.2, blue: 0.8, alpha: 0.7)
        shape.strokeColor = Color(red: 0.1, green: 0.1, blue: 0.2)
        shape.lineWidth = 2
        clip.addSublayer(shape)
        let group = Layer()
        group.frame = CGRect(x: 60.4, y: 2.2, width: 50, height: 40)
        group.opacity = opacity * 0.8
        for k in 0..<2 {
            let piece = Layer()
            piece.frame = CGRect(x: Double(k) * 14, y: Double(k) * 10, width: 34, height: 26)
            piece.backgroundColor = k == 0 ? Color(red: 0.3, green: 0.3, blue: 0.9) : Color(red: 0.9, green: 0.9, blue: 0.3)
            piece.cornerRadius = 4
            group.addSublayer(piece)
        }
        clip.addSublayer(group)
    }

    private func images() throws -> [Bitmap] {
        var rng = SplitMix64(seed: 5)
        return try (0..<3).map { k in
            let width = 17 + 9 * k, height = 11 + 4 * k
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            for i in 0..<width * height where rng.unit() > 0.3 {
                let a = UInt8(rng.next() % 256)
                bytes[i * 4 + 3] = a
                for c in 0..<3 { bytes[i * 4 + c] = UInt8(rng.next() % (UInt64(a) + 1)) }
            }
            return try XCTUnwrap(Image(width: width, height: height, premultipliedRGBA: bytes).map { Bitmap(image: $0) })
        }
    }

    private func assertSame(_ image: Image, _ scene: Scene, _ planner: Planner, _ message: String) throws {
        let fresh = try CPURenderer(paths: CPUFastPaths.all.subtracting(.keptDraws)).render(planner.plan(scene))
        let cmp = try ImageComparison(image, fresh)
        XCTAssertEqual(cmp.maxDifference, 0, "\(message): \(cmp.differingPixels) pixels differ")
    }

    func testKeptOnTheSecondFrame_andEveryFrameDrawsTheSameBytes() throws {
        let images = try images()
        let planner = Planner()
        let renderer = CPURenderer()
        let still = scene(images)
        let first = try renderer.render(planner.plan(still))
        XCTAssertEqual(renderer.keptDraws.count, 0, "a draw seen once is not kept")
        try assertSame(first, still, planner, "first frame")
        let graph = try planner.plan(still)
        let second = try renderer.render(graph)
        XCTAssertEqual(renderer.keptDraws.count, try keepable(graph), "every draw but those of passes kept on its second sighting")
        try assertSame(second, still, planner, "second frame")
        let third = try renderer.render(planner.plan(still))
        XCTAssertTrue(third.pixels == first.pixels, "third frame, from the kept bytes")
    }

    /// How many of a plan's draw items may be kept: every one but those that sample a pass.
    private func keepable(_ graph: RenderGraph) throws -> Int {
        var count = 0, passTextures = 0
        for pass in graph.passes {
            guard case .draw(let ops) = pass.content else { continue }
            for item in ops.drawItems(fusingBorders: true) {
                if let t = ops[item.index].texture, case .pass = t.source {
                    passTextures += 1
                } else {
                    count += 1
                }
            }
        }
        XCTAssertGreaterThan(passTextures, 0, "the group's pass is drawn")
        XCTAssertGreaterThan(count, 12, "images, labels, cards, a gradient, a path and the group's pieces")
        return count
    }

    func testMovedFadedRecolouredOrCoveredDraws_drawTheSameBytes() throws {
        let images = try images()
        let planner = Planner()
        let renderer = CPURenderer()
        for _ in 0..<2 { _ = try renderer.render(planner.plan(scene(images))) }
        var other = images
        other[0] = try XCTUnwrap(self.images().last)
        let changes: [(String, Scene)] = [
            ("card moved over other columns", scene(images, cover: 71.5)),
            ("label and group faded", scene(images, opacity: 0.4)),
            ("label and border recoloured", scene(images, color: Color(red: 0.8, green: 0.1, blue: 0.1))),
            ("image and rotated card moved by a third of a point", scene(images, shift: 0.33)),
            ("another image in the first layer", scene(other)),
        ]
        for (name, changed) in changes {
            for frame in 0..<3 {
                try assertSame(try renderer.render(planner.plan(changed)), changed, planner, "\(name), frame \(frame)")
            }
            try assertSame(try renderer.render(planner.plan(scene(images))), scene(images), planner, "\(name), back")
        }
    }

    /// A path's key samples its points for the hash and compares them all: a path moved at one middle point
    /// is another draw; a map holding a NaN still equals itself, so such a draw is found, not kept anew.
    func testKeys_comparePathsWholeAndMapsBitForBit() {
        let points = (0..<64).map { k in CGPoint(x: 10 + 8 * cos(Double(k) / 10), y: 10 + 8 * sin(Double(k) / 10)) }
        var moved = points
        moved[21].x += 1.0 / 64
        func key(_ points: [CGPoint], _ transform: Transform3D = .identity) -> DrawIdentity {
            let path = PathShape(polylines: [Polyline(points: points, closed: true)], rule: .nonZero)
            let op = DrawOp(shape: .path(path), paint: .solid(PremultipliedColor(r: 0.2, g: 0.1, b: 0.4, a: 0.5)),
                            transform: transform, bounds: PixelRect(x0: 0, y0: 0, x1: 20, y1: 20))
            return DrawIdentity(op: op, border: nil, image: nil)
        }
        XCTAssertEqual(key(points), key(points), "the same path made apart")
        XCTAssertEqual(key(points).hashValue, key(moved).hashValue, "a middle point is not hashed")
        XCTAssertNotEqual(key(points), key(moved), "but it is compared")
        var nan = Transform3D.identity
        nan.m41 = .nan
        XCTAssertEqual(key(points, nan), key(points, nan), "a map holding a NaN equals itself")
        XCTAssertNotEqual(key(points, nan), key(points))
    }

    /// A key names its image by identity, which a new image can take once the old one is freed: kept bytes
    /// of another image under the same key are dropped and made again, never drawn.
    func testKeptBytesOfAnotherImage_areMadeAgain() throws {
        let images = try images()
        let op = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 2))),
                        paint: .solid(PremultipliedColor(r: 1, g: 0, b: 0, a: 1)), transform: .identity,
                        bounds: PixelRect(x0: 0, y0: 0, x1: 4, y1: 2))
        let key = DrawIdentity(op: op, border: nil, image: ObjectIdentifier(images[0]))
        let hash = DrawIdentity.hash(op: op, image: key.image)
        let draws = KeptDraws()
        func fill(_ pattern: UInt32) -> (BlendTarget) -> Void {
            { target in for y in 0..<2 { target.store(pattern, xs: 0..<4, y: y) } }
        }
        /// The draw's kept bytes for `bitmap`, else those made now with `pattern` (nil: not kept yet).
        func draw(_ bitmap: Bitmap, _ pattern: UInt32) -> KeptDraws.Draw? {
            if let kept = draws.kept(hash) {
                if kept.identity.matches(op: op, image: key.image), kept.bitmap === bitmap { return kept }
                draws.drop(hash, stale: kept)
            }
            return draws.make(hash, identity: { key }, bounds: op.bounds, bitmap: bitmap, opaqueRect: nil, draw: fill(pattern))
        }
        let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000
        XCTAssertNil(draw(images[0], red), "seen once")
        let kept = try XCTUnwrap(draw(images[0], red))
        // Four pixels a row are shorter than a run of one colour: kept as bytes, once for the two equal rows.
        XCTAssertEqual(kept.pixels, [UInt32](repeating: red, count: 4))
        XCTAssertEqual(kept.rows, [0, 1, 0, 1])
        let other = try XCTUnwrap(draw(images[1], blue))
        XCTAssertEqual(other.pixels, [UInt32](repeating: blue, count: 4), "the new image's bytes")
        let again = try XCTUnwrap(draw(images[1], red))
        XCTAssertEqual(again.pixels, [UInt32](repeating: blue, count: 4), "kept for the new image")
    }

    /// The blend of kept bytes in C (`lamina_over_row_avx2`, eight pixels at a time and a tail) is
    /// `Blend.over`, byte for byte: every source alpha over every destination byte, and random rows of
    /// opaque, empty and translucent runs at every start and length.
    func testOverRow_isBlendOver() throws {
        try XCTSkipUnless(LinearGrid.hasAVX2, "this processor has no AVX2: the C row is never called")
        var sources: [UInt32] = [], destinations: [UInt32] = []
        for a in 0..<256 {
            for d in 0..<256 {
                let s = UInt32(a * 7 % (a + 1)) | UInt32(a / 2) << 8 | UInt32(a) << 16 | UInt32(a) << 24
                sources.append(s)
                destinations.append(UInt32(d) | UInt32(255 - d) << 8 | UInt32(d / 3) << 16 | UInt32(d) << 24)
            }
        }
        var rng = SplitMix64(seed: 9)
        for _ in 0..<4096 {
            let kind = rng.next() % 4
            let a = kind == 0 ? 255 : kind == 1 ? 0 : UInt32(rng.next() % 256)
            let s = a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) | UInt32(rng.next() % UInt64(a + 1)) << 8
                | UInt32(rng.next() % UInt64(a + 1)) << 16 | a << 24
            sources.append(s)
            destinations.append(UInt32(truncatingIfNeeded: rng.next()))
        }
        let table = Blend.overTable
        for (start, count) in [(0, sources.count), (3, 29), (1, 8), (5, 7), (0, 0)] {
            var expected = destinations, drawn = destinations
            sources.withUnsafeBufferPointer { s in
                guard let s = s.baseAddress else { return }
                expected.withUnsafeMutableBytes { out in
                    guard let out = out.baseAddress else { return }
                    KeptDraws.over(s + start, out + start * 4, count: count, vector: false, table: table)
                }
                drawn.withUnsafeMutableBytes { out in
                    guard let out = out.baseAddress else { return }
                    KeptDraws.over(s + start, out + start * 4, count: count, vector: true, table: table)
                }
            }
            XCTAssertEqual(drawn, expected, "start \(start), \(count) pixels")
        }
    }
}
