import Foundation
import LaminaCore
import LaminaRaster
import LaminaTestSupport
import XCTest

/// The blur pass is the exact separable Gaussian of the graph's contract, whatever the content.
final class GaussianBlurTests: XCTestCase {
    /// Direct convolution as the contract words it: sampled, normalised weights out to ceil(3 sigma),
    /// horizontal then vertical, transparent outside, intermediate rounded to 8 bits.
    private func reference(_ img: LaminaImage.Image, sigma: Double) -> LaminaImage.Image {
        let r = Int((3 * sigma).rounded(.up))
        var w = (-r...r).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +); w = w.map { $0 / sum }
        func pass(_ src: LaminaImage.Image, dx: Int, dy: Int) -> LaminaImage.Image {
            var out = LaminaImage.Image(width: src.width, height: src.height)
            for y in 0..<src.height { for x in 0..<src.width {
                var acc = [Double](repeating: 0, count: 4)
                for i in -r...r {
                    let sx = x + i * dx, sy = y + i * dy
                    guard sx >= 0, sy >= 0, sx < src.width, sy < src.height else { continue }
                    let p = src.rgba(sx, sy)
                    for c in 0..<4 { acc[c] += Double(p[c]) * w[i + r] }
                }
                let v = acc.map { UInt8(max(0, min(255, $0.rounded()))) }
                out.setPixel(x: x, y: y, (v[0], v[1], v[2], v[3]))
            } }
            return out
        }
        return pass(pass(img, dx: 1, dy: 0), dx: 0, dy: 1)
    }

    func testBlurPassEqualsDirectConvolutionOnNoiseAndShapes() throws {
        var rng = SystemRandomNumberGenerator()
        var img = LaminaImage.Image(width: 48, height: 40)
        for y in 0..<40 { for x in 0..<48 {
            let a = x > 10 && x < 30 && y > 8 && y < 30 ? UInt8(255) : UInt8.random(in: 0...255, using: &rng)
            img.setPixel(x: x, y: y, (a / 2, a / 3, a, a))
        } }
        for sigma in [0.7, 2.0, 5.5] {
            let graph = RenderGraph(width: 48, height: 40, scale: 1, clearColor: .transparent, passes: [
                Pass(id: PassID(0), reason: .shadowShape, label: "", width: 48, height: 40, content: .draw([
                    DrawOp(kind: .texture(TextureDraw(source: .image(ImageID(0)), destination: CGRect(x: 0, y: 0, width: 48, height: 40),
                                                      minFilter: .nearest, magFilter: .nearest)),
                           transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: 48, y1: 40), edgeAA: []),
                ])),
                Pass(id: PassID(1), reason: .shadowBlur, label: "", width: 48, height: 40, content: .blur(source: PassID(0), sigma: sigma, method: .exact)),
            ], images: [ImageResource(id: ImageID(0), bitmap: Bitmap(image: img))])
            let actual = try CPURenderer().render(graph)
            let expected = reference(img, sigma: sigma)
            let cmp = try ImageComparison(actual, expected)
            XCTAssertLessThanOrEqual(cmp.maxDifference, 1, "sigma \(sigma): float reordering may move a value by one step at most")
            XCTAssertLessThanOrEqual(cmp.pixelsOverThreshold, 0)
        }
    }
}

/// The span fast paths never change a pixel: the same scenes with and without them are identical.
final class FastPathTests: XCTestCase {
    func testSpansGiveTheSameBytesAsTheGeneralPath() throws {
        let scene = makeScene(width: 300, height: 200, scale: 1.5, background: .white) { root in
            for i in 0..<12 {
                let card = layer(CGRect(x: 10.25 + Double(i % 4) * 70, y: 12.5 + Double(i / 4) * 60, width: 64.5, height: 50),
                                 Color(red: 0.2 + 0.05 * Double(i), green: 0.5, blue: 0.7, alpha: i % 3 == 0 ? 0.6 : 1))
                card.cornerRadius = Double(i * 3)
                card.maskedCorners = i % 2 == 0 ? .all : [.minXMinY, .maxXMaxY]
                card.borderWidth = Double(i % 4) + 0.5
                card.borderColor = .black
                card.masksToBounds = i % 3 == 1
                card.addSublayer(layer(CGRect(x: -5, y: -5, width: 30, height: 30), .red))
                root.addSublayer(card)
            }
        }
        try assertFastPathsChangeNothing(scene)
    }
}
