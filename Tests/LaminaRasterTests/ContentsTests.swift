import Foundation
import LaminaCore
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaGraph
import LaminaImage

/// Contents: filters on the LCD digits, contentsRect sprites, nine-slice, gravity, masks, pivots.
final class ContentsTests: XCTestCase {
    /// A 4x2 sprite sheet of two 2x2 "digits": left digit red, right digit blue, each with a white
    /// top-left texel.
    private func spriteSheet() -> Bitmap {
        var img = LaminaImage.Image(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 {
            img.setPixel(x: x, y: y, x < 2 ? (255, 0, 0, 255) : (0, 0, 255, 255))
        } }
        img.setPixel(x: 0, y: 0, (255, 255, 255, 255)); img.setPixel(x: 2, y: 0, (255, 255, 255, 255))
        return Bitmap(image: img)
    }

    private func digit(_ sheet: Bitmap, index: Int, filter: ContentsFilter) throws -> LaminaImage.Image {
        try renderCPU(makeScene(width: 40, height: 40) { root in
            let l = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
            l.contents = sheet
            l.contentsRect = CGRect(x: 0.5 * Double(index), y: 0, width: 0.5, height: 1)
            l.magnificationFilter = filter
            root.addSublayer(l)
        })
    }

    /// contentsRect picks the sprite; nearest magnification keeps texel edges crisp, linear blends them
    /// (the LCD clock of figures 4.16 to 4.19).
    func testContentsRectPicksSpriteAndNearestIsCrispWhileLinearIsSoft() throws {
        let sheet = spriteSheet()
        let nearest = try digit(sheet, index: 1, filter: .nearest)
        assertPixel(nearest, 5, 5, [255, 255, 255, 255], "white texel of the second digit")
        assertPixel(nearest, 19, 5, [255, 255, 255, 255], "still white right up to the texel edge")
        assertPixel(nearest, 20, 5, [0, 0, 255, 255], "blue from the next texel on: a hard edge")
        assertPixel(nearest, 30, 30, [0, 0, 255, 255])
        let linear = try digit(sheet, index: 1, filter: .linear)
        let soft = linear.rgba(20, 5)
        XCTAssertTrue(soft[0] > 40 && soft[0] < 215, "linear blends across the texel edge, got \(soft)")
        let first = try digit(sheet, index: 0, filter: .nearest)
        assertPixel(first, 30, 30, [255, 0, 0, 255], "contentsRect x 0 is the first digit")
    }

    /// contentsCenter: the corners of a nine-slice keep their size while the middle stretches.
    func testContentsCenterKeepsCornersUnscaled() throws {
        var img = LaminaImage.Image(width: 9, height: 9)
        for y in 0..<9 { for x in 0..<9 {
            let corner = (x < 3 || x > 5) && (y < 3 || y > 5)
            img.setPixel(x: x, y: y, corner ? (255, 0, 0, 255) : (0, 255, 0, 255))
        } }
        let image = try renderCPU(makeScene(width: 90, height: 60) { root in
            let l = layer(CGRect(x: 0, y: 0, width: 90, height: 60))
            l.contents = Bitmap(image: img)
            l.contentsCenter = CGRect(x: 3.0 / 9, y: 3.0 / 9, width: 3.0 / 9, height: 3.0 / 9)
            l.magnificationFilter = .nearest
            root.addSublayer(l)
        })
        assertPixel(image, 1, 1, [255, 0, 0, 255])
        assertPixel(image, 2, 2, [255, 0, 0, 255], "the corner is 3 points, unscaled")
        assertPixel(image, 3, 3, [0, 255, 0, 255], "the stretched centre starts right after it")
        assertPixel(image, 87, 57, [255, 0, 0, 255])
        assertPixel(image, 86, 56, [0, 255, 0, 255])
    }

    /// Gravity places the image as CA does: `top` is maximum Y, the visual bottom of an unflipped layer on iOS.
    func testGravityPlacesTheImageWithTopAtMaximumY() throws {
        var img = LaminaImage.Image(width: 10, height: 10)
        for y in 0..<10 { for x in 0..<10 { img.setPixel(x: x, y: y, (0, 0, 255, 255)) } }
        let bitmap = Bitmap(image: img)
        let expectations: [(ContentsGravity, (Int, Int))] = [
            (.center, (25, 25)), (.top, (25, 45)), (.bottom, (25, 5)), (.left, (5, 25)), (.right, (45, 25)),
            (.topLeft, (5, 45)), (.topRight, (45, 45)), (.bottomLeft, (5, 5)), (.bottomRight, (45, 5)),
        ]
        for (gravity, (x, y)) in expectations {
            let image = try renderCPU(makeScene(width: 50, height: 50) { root in
                let l = layer(CGRect(x: 0, y: 0, width: 50, height: 50))
                l.contents = bitmap
                l.contentsGravity = gravity
                root.addSublayer(l)
            })
            assertPixel(image, x, y, [0, 0, 255, 255], "gravity \(gravity)")
            assertPixel(image, 50 - 1 - x, 50 - 1 - y, x == 25 && y == 25 ? [0, 0, 255, 255] : [0, 0, 0, 0], "gravity \(gravity)")
        }
    }

    /// An image mask's alpha gates the layer, its sublayers and its shadow (figure 4.13).
    func testImageMaskGatesLayerSublayersAndShadow() throws {
        var maskImage = LaminaImage.Image(width: 2, height: 1)
        maskImage.setPixel(x: 0, y: 0, (255, 255, 255, 255))  // left half opaque, right half transparent
        let image = try renderCPU(makeScene(width: 200, height: 100) { root in
            let l = layer(CGRect(x: 50, y: 20, width: 100, height: 60), .white)
            l.shadowOpacity = 1
            l.shadowOffset = CGSize(width: 0, height: 10)
            l.shadowRadius = 0
            l.addSublayer(layer(CGRect(x: 0, y: 0, width: 100, height: 20), .red))
            let mask = Layer()
            mask.frame = CGRect(x: -50, y: 0, width: 200, height: 80)
            mask.contents = Bitmap(image: maskImage)
            mask.magnificationFilter = .nearest
            l.mask = mask
            root.addSublayer(l)
        })
        assertPixel(image, 60, 25, [255, 0, 0, 255], "sublayer under the opaque half")
        assertPixel(image, 140, 25, [0, 0, 0, 0], "sublayer gated by the transparent half")
        assertPixel(image, 60, 85, [0, 0, 0, 255], "shadow under the opaque half")
        assertPixel(image, 140, 85, [0, 0, 0, 0], "shadow gated too")
    }

    /// A rotation pivots about the anchor point.
    func testTransformPivotsAboutTheAnchorPoint() throws {
        func render(anchor: CGPoint) throws -> LaminaImage.Image {
            try renderCPU(makeScene(width: 100, height: 100) { root in
                let l = Layer()
                l.anchorPoint = anchor
                l.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
                l.position = CGPoint(x: 50, y: 50)
                l.backgroundColor = .black
                l.transform = .rotation(.pi / 2, 0, 0, 1)
                root.addSublayer(l)
            })
        }
        // About the centre: a 20x40 bar centred on (50, 50).
        let centred = try render(anchor: CGPoint(x: 0.5, y: 0.5))
        assertPixel(centred, 50, 32, [0, 0, 0, 255]); assertPixel(centred, 50, 28, [0, 0, 0, 0])
        // About the top-left corner: the bar swings clockwise (y down) to x in [30, 50], y in [50, 90].
        let corner = try render(anchor: .zero)
        assertPixel(corner, 40, 85, [0, 0, 0, 255]); assertPixel(corner, 55, 60, [0, 0, 0, 0])
    }
}
