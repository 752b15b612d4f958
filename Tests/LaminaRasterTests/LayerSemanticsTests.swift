import Foundation
import LaminaCore
import LaminaRaster
import LaminaTestSupport
import XCTest
import LaminaImage

/// Core Animation rules of the book's chapter 4, checked pixel by pixel on the CPU reference.
final class LayerSemanticsTests: XCTestCase {
    /// The border is composited above the sublayers (CALayer.h: "above the layer's content and sublayers").
    func testBorderIsDrawnOverAnOverlappingSublayer() throws {
        let image = try renderCPU(makeScene(width: 100, height: 100) { root in
            let parent = layer(CGRect(x: 10, y: 10, width: 80, height: 80), .white)
            parent.borderWidth = 6
            parent.borderColor = .black
            parent.addSublayer(layer(CGRect(x: 0, y: 0, width: 40, height: 40), .red))
            root.addSublayer(parent)
        })
        assertPixel(image, 12, 12, [0, 0, 0, 255])       // border over the red sublayer
        assertPixel(image, 30, 30, [255, 0, 0, 255])     // red inside the border
        assertPixel(image, 70, 70, [255, 255, 255, 255]) // parent background
    }

    /// cornerRadius alone rounds the background but leaves sublayers unclipped; masksToBounds clips them
    /// (the book's figures 4.2 and 4.3).
    func testCornerRadiusClipsSublayersOnlyWithMasksToBounds() throws {
        func render(masks: Bool) throws -> LaminaImage.Image {
            try renderCPU(makeScene(width: 120, height: 120) { root in
                let parent = layer(CGRect(x: 10, y: 10, width: 100, height: 100), .white)
                parent.cornerRadius = 30
                parent.masksToBounds = masks
                parent.addSublayer(layer(CGRect(x: -10, y: -10, width: 50, height: 50), .red))
                root.addSublayer(parent)
            })
        }
        let open = try render(masks: false), clipped = try render(masks: true)
        assertPixel(open, 12, 12, [255, 0, 0, 255])      // corner of the sublayer shows outside the rounding
        assertPixel(open, 5, 5, [255, 0, 0, 255])        // and outside the parent's bounds
        assertPixel(clipped, 12, 12, [0, 0, 0, 0])       // clipped by the rounded corner
        assertPixel(clipped, 5, 5, [0, 0, 0, 0])
        assertPixel(clipped, 30, 30, [255, 0, 0, 255])   // inside the rounded bounds
        // The background's rounded corner is transparent outside the arc in both.
        assertPixel(open, 108, 108, [0, 0, 0, 0])
    }

    /// masksToBounds clips the layer's own shadow (figure 4.8); a separate shadow layer under the clipped
    /// one keeps it (figure 4.10).
    func testMasksToBoundsClipsShadowAndTwoLayerFixKeepsIt() throws {
        func render(fix: Bool) throws -> LaminaImage.Image {
            try renderCPU(makeScene(width: 200, height: 200) { root in
                let frame = CGRect(x: 50, y: 50, width: 100, height: 100)
                let content = layer(fix ? CGRect(x: 0, y: 0, width: 100, height: 100) : frame, .white)
                content.cornerRadius = 20
                content.masksToBounds = true
                if fix {
                    let shadowLayer = layer(frame)
                    shadowLayer.shadowOpacity = 0.5
                    shadowLayer.shadowOffset = CGSize(width: 0, height: 5)
                    shadowLayer.shadowRadius = 5
                    shadowLayer.addSublayer(content)
                    root.addSublayer(shadowLayer)
                } else {
                    content.shadowOpacity = 0.5
                    content.shadowOffset = CGSize(width: 0, height: 5)
                    content.shadowRadius = 5
                    root.addSublayer(content)
                }
            })
        }
        let clipped = try render(fix: false), fixed = try render(fix: true)
        assertPixel(clipped, 100, 153, [0, 0, 0, 0], "shadow below the layer must be clipped away")
        XCTAssertGreaterThan(fixed.rgba(100, 153)[3], 40, "the two-layer fix shows the shadow below the layer")
    }

    /// Two overlapping 50% children inside a 50% parent: with group opacity the overlap has no seam; with
    /// allowsGroupOpacity = NO the overlap is darker (figures 4.20 and 4.21).
    func testGroupOpacityHidesOverlapAndPerElementOpacityShowsIt() throws {
        func render(group: Bool) throws -> LaminaImage.Image {
            try renderCPU(makeScene(width: 100, height: 60, background: .white) { root in
                let parent = layer(CGRect(x: 0, y: 0, width: 100, height: 60))
                parent.opacity = 0.5
                parent.allowsGroupOpacity = group
                parent.addSublayer(layer(CGRect(x: 10, y: 10, width: 50, height: 40), .black))
                parent.addSublayer(layer(CGRect(x: 40, y: 10, width: 50, height: 40), .black))
                root.addSublayer(parent)
            })
        }
        let grouped = try render(group: true), separate = try render(group: false)
        assertPixel(grouped, 20, 30, [128, 128, 128, 255], tolerance: 1)
        assertPixel(grouped, 50, 30, [128, 128, 128, 255], tolerance: 1, "no seam in the overlap")
        assertPixel(separate, 20, 30, [128, 128, 128, 255], tolerance: 1)
        assertPixel(separate, 50, 30, [64, 64, 64, 255], tolerance: 1, "overlap shows through")
    }

    /// Trilinear minification of a one-pixel checkerboard to 1/4 scale is uniform grey; nearest
    /// magnification keeps hard texel edges.
    func testTrilinearMinificationIsUniformAndNearestMagnificationIsHard() throws {
        var checker = LaminaImage.Image(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { checker.setPixel(x: x, y: y, (255, 255, 255, 255)) } }
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 1 { checker.setPixel(x: x, y: y, (0, 0, 0, 255)) } }
        let bitmap = Bitmap(image: checker)
        let minified = try renderCPU(makeScene(width: 16, height: 16) { root in
            let l = layer(CGRect(x: 0, y: 0, width: 16, height: 16))
            l.contents = bitmap
            l.minificationFilter = .trilinear
            root.addSublayer(l)
        })
        for y in 0..<16 { for x in 0..<16 {
            assertPixel(minified, x, y, [128, 128, 128, 255], tolerance: 1)
        } }
        var two = LaminaImage.Image(width: 2, height: 1)
        two.setPixel(x: 0, y: 0, (255, 0, 0, 255)); two.setPixel(x: 1, y: 0, (0, 0, 255, 255))
        let magnified = try renderCPU(makeScene(width: 40, height: 10) { root in
            let l = layer(CGRect(x: 0, y: 0, width: 40, height: 10))
            l.contents = Bitmap(image: two)
            l.magnificationFilter = .nearest
            root.addSublayer(l)
        })
        assertPixel(magnified, 19, 5, [255, 0, 0, 255])
        assertPixel(magnified, 20, 5, [0, 0, 255, 255])
    }
}
