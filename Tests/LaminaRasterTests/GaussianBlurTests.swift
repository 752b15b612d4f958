import Foundation
import LaminaCore
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaGeometry
import LaminaImage

/// The blur pass is the exact separable Gaussian of the graph's contract, whatever the content.
final class GaussianBlurTests: XCTestCase {
    /// Direct convolution as the contract words it: sampled, normalised weights out to ceil(3 sigma),
    /// horizontal then vertical, transparent outside, the intermediate in 16-bit fixed point (the high byte
    /// floor(x), the low byte the rest in 1/255 steps, rounded), the result rounded to 8 bits.
    private func reference(_ img: LaminaImage.Image, sigma: Double) -> LaminaImage.Image {
        let r = Int((3 * sigma).rounded(.up))
        var w = (-r...r).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +); w = w.map { $0 / sum }
        let width = img.width, height = img.height
        func pass(_ src: [Double], dx: Int, dy: Int, _ store: (Double) -> Double) -> [Double] {
            var out = [Double](repeating: 0, count: src.count)
            for y in 0..<height { for x in 0..<width { for c in 0..<4 {
                var acc = 0.0
                for i in -r...r {
                    let sx = x + i * dx, sy = y + i * dy
                    guard sx >= 0, sy >= 0, sx < width, sy < height else { continue }
                    acc += src[(sy * width + sx) * 4 + c] * w[i + r]
                }
                out[(y * width + x) * 4 + c] = store(max(0, min(255, acc)))
            } } }
            return out
        }
        let sixteen = { (x: Double) -> Double in x.rounded(.down) + ((x - x.rounded(.down)) * 255).rounded() / 255 }
        let source = img.pixels.map(Double.init)
        let blurred = pass(pass(source, dx: 1, dy: 0, sixteen), dx: 0, dy: 1) { $0.rounded() }
        var out = LaminaImage.Image(width: width, height: height)
        out.pixels = blurred.map { UInt8($0) }
        return out
    }

    func testBlurPassEqualsDirectConvolutionOnNoiseAndShapes() throws {
        var rng = SplitMix64(seed: 102)
        var img = LaminaImage.Image(width: 48, height: 40)
        for y in 0..<40 { for x in 0..<48 {
            let a = x > 10 && x < 30 && y > 8 && y < 30 ? UInt8(255) : UInt8.random(in: 0...255, using: &rng)
            img.setPixel(x: x, y: y, (a / 2, a / 3, a, a))
        } }
        for sigma in [0.7, 2.0, 5.5] {
            let graph = RenderGraph(width: 48, height: 40, scale: 1, clearColor: .transparent, passes: [
                Pass(id: PassID(0), reason: .shadowShape, label: "", width: 48, height: 40, content: .draw([
                    DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 48, height: 40)), paint: .texture(TextureDraw(source: .image(ImageID(0)), minFilter: .nearest, magFilter: .nearest)),
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

    /// A shadow of opacity 0.5 over white (Figure 4.13's): every odd blurred alpha times 0.5 is an exact tie,
    /// so the texel the general path reads must be the texel the aligned fast path copies, not its neighbour
    /// by an ulp. The general path took u = (x + 0.5) / 160 and then u x 160, which is not x + 0.5 exactly,
    /// and flipped those ties (9 corpus scenes differed by 1 with and without fast paths); it now works in
    /// texel coordinates, as the GPU does.
    func testHalfOpacityShadow_fastAndGeneralPathsAgreeAtTies() throws {
        let scene = makeScene(width: 200, height: 160, scale: 2, background: .white) { root in
            for (i, radius) in [3.0, 7.5].enumerated() {
                let card = layer(CGRect(x: 20 + Double(i) * 90, y: 30, width: 72, height: 96))
                card.shadowOpacity = 0.5
                card.shadowRadius = radius
                card.shadowPathValue = Path(ellipseIn: CGRect(x: 6, y: 18, width: 60, height: 60))
                root.addSublayer(card)
            }
        }
        try assertFastPathsChangeNothing(scene)
    }
}

/// The CPU's blur is the exact Gaussian rounded once: its 16-bit intermediate (`BlurIntermediate`) leaves
/// it within float error of the double-precision convolution, where an 8-bit one moved 4 to 10 in 100
/// blurred pixels of a shape to the neighbouring byte (sigma 3 to 40), noise that the GPU's pyramid blur
/// cannot follow and that showed as CPU-versus-GPU differences.
final class BlurExactnessTests: XCTestCase {
    func testShapeBlur_isTheExactGaussianRoundedOnce() throws {
        for sigma in [1.5, 3, 8, 20] {
            let pad = Int((3 * sigma).rounded(.up)) + 2
            let side = 3 * Int(sigma) + 17, size = side + 2 * pad
            let scene = makeScene(width: Double(size), height: Double(size)) { root in
                let card = layer(CGRect(x: Double(pad) + 0.37, y: Double(pad) + 0.71, width: Double(side) - 0.5,
                                        height: Double(side) * 0.8), .white)
                card.cornerRadius = sigma
                root.addSublayer(card)
            }
            let shape = try CPURenderer().render(try Planner().plan(scene))
            let alpha = (0..<(size * size)).map { Double(shape.pixels[$0 * 4 + 3]) }
            let graph = RenderGraph(width: size, height: size, scale: 1, clearColor: .transparent, passes: [
                Pass(id: PassID(0), reason: .shadowShape, label: "", width: size, height: size, content: .draw([
                    DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: size, height: size)), paint: .texture(TextureDraw(source: .image(ImageID(0)), minFilter: .nearest, magFilter: .nearest)),
                           transform: .identity, bounds: PixelRect(x0: 0, y0: 0, x1: size, y1: size), edgeAA: []),
                ]), isGray: true),
                Pass(id: PassID(1), reason: .shadowBlur, label: "", width: size, height: size,
                     content: .blur(source: PassID(0), sigma: sigma, method: .exact), isGray: true),
            ], images: [ImageResource(id: ImageID(0), bitmap: Bitmap(image: shape))])
            let blurred = try CPURenderer().render(graph)
            let exact = Self.convolve(Self.convolve(alpha, size: size, sigma: sigma, horizontal: true),
                                      size: size, sigma: sigma, horizontal: false)
            var off = 0, worst = 0.0
            for i in 0..<(size * size) {
                let cpu = Double(blurred.pixels[i * 4 + 3])
                worst = max(worst, abs(cpu - exact[i]))
                if cpu != (exact[i] + StoreRounding.tieBias).rounded() { off += 1 }
            }
            XCTAssertLessThanOrEqual(worst, 0.5 + StoreRounding.tieBias + 0.5 / 255 + 1e-3, "sigma \(sigma): beyond one rounding")
            XCTAssertLessThanOrEqual(Double(off), 0.002 * Double(size * size),
                                     "sigma \(sigma): \(off) of \(size * size) pixels are not the exact value rounded")
        }
    }

    static func convolve(_ v: [Double], size: Int, sigma: Double, horizontal: Bool) -> [Double] {
        let w = GaussianKernel.weights(sigma: sigma), r = w.count / 2
        var out = [Double](repeating: 0, count: v.count)
        for y in 0..<size { for x in 0..<size {
            var acc = 0.0
            for i in -r...r {
                let xx = horizontal ? x + i : x, yy = horizontal ? y : y + i
                if xx >= 0, yy >= 0, xx < size, yy < size { acc += w[i + r] * v[yy * size + xx] }
            }
            out[y * size + x] = acc
        } }
        return out
    }
}
