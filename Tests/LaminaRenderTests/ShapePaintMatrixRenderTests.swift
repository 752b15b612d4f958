import Foundation
import LaminaGeometry
import LaminaGraph
import LaminaImage
import LaminaTestSupport
import XCTest

/// Every shape takes every paint on both renderers: a rounded rect, a ring and a path, each with a solid, a
/// texture and a gradient, straight and rotated. The shape decides only the coverage and the paint only the
/// colour, so a pixel every shape covers wholly has the same bytes whatever the shape; a pixel no shape
/// covers keeps the clear; and the two renderers agree within the parity contract.
final class ShapePaintMatrixRenderTests: XCTestCase {
    private let size = 64
    private let clear = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

    /// A 6x5 image of distinct translucent and opaque texels.
    private func bitmap() -> Bitmap {
        var img = Image(width: 6, height: 5)
        for y in 0..<5 {
            for x in 0..<6 {
                let a = UInt8(120 + 27 * ((x + y) % 5))
                img.setPixel(x: x, y: y, (UInt8(x * 40 % Int(a)), UInt8(y * 50 % Int(a)), a / 2, a))
            }
        }
        return Bitmap(image: img, origin: "test:matrix")
    }

    private var shapes: [(String, DrawOp.Shape)] {
        let rect = CGRect(x: 8, y: 8, width: 48, height: 48)
        // An octagon around the same rect, its flat sides on the rect's.
        let o = 12.0
        let octagon = [CGPoint(x: 8 + o, y: 8), CGPoint(x: 56 - o, y: 8), CGPoint(x: 56, y: 8 + o), CGPoint(x: 56, y: 56 - o),
                       CGPoint(x: 56 - o, y: 56), CGPoint(x: 8 + o, y: 56), CGPoint(x: 8, y: 56 - o), CGPoint(x: 8, y: 8 + o)]
        return [("rounded rect", .roundedRect(RoundedRect(rect: rect, radius: 9, corners: .all, curve: .circular))),
                ("ring", .ring(RoundedRect(rect: rect, radius: 9, corners: .all, curve: .circular), width: 14)),
                ("path", .path(PathShape(polylines: [Polyline(points: octagon, closed: true)], rule: .nonZero, frame: rect)))]
    }

    private var paints: [(String, DrawOp.Paint)] {
        let gradient = GradientPaint(kind: .axial, start: CGPoint(x: 8, y: 8), end: CGPoint(x: 56, y: 40),
                                     stops: [.init(location: 0, color: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.8)),
                                             .init(location: 1, color: Color(red: 0.1, green: 0.3, blue: 0.9))])
        return [("solid", .solid(PremultipliedColor(r: 0.3, g: 0.15, b: 0.45, a: 0.6))),
                ("texture", .texture(TextureDraw(source: .image(ImageID(0))))),
                ("gradient", .gradient(gradient))]
    }

    private func graph(_ shape: DrawOp.Shape, _ paint: DrawOp.Paint, rotated: Bool) -> RenderGraph {
        let m: Transform3D = rotated
            ? Transform3D.translation(-32, -32).concatenating(.rotation(0.35, 0, 0, 1)).concatenating(.translation(32, 32))
            : .identity
        let op = DrawOp(shape: shape, paint: paint, transform: m, bounds: PixelRect(x0: 0, y0: 0, x1: size, y1: size))
        let pass = Pass(id: PassID(0), reason: .canvas, label: "canvas", width: size, height: size, content: .draw([op]))
        return RenderGraph(width: size, height: size, scale: 1, clearColor: clear, passes: [pass],
                           images: [ImageResource(id: ImageID(0), bitmap: bitmap())])
    }

    func testEveryShapeWithEveryPaint_drawsOnBothRenderers() throws {
        var images: [Backend: [String: Image]] = [:]
        try forEachBackend { backend, renderer in
            for (paintName, paint) in paints {
                for rotated in [false, true] {
                    var byShape: [String: Image] = [:]
                    for (shapeName, shape) in shapes {
                        let what = "\(backend): \(shapeName) x \(paintName)\(rotated ? ", rotated" : "")"
                        let image = try renderer.render(graph(shape, paint, rotated: rotated))
                        byShape[shapeName] = image
                        images[backend, default: [:]][what.dropFirst(5).description] = image
                        // Far outside every shape, and in the ring's hole: the clear.
                        assertPixel(image, 1, 1, [255, 255, 255, 255], what + ", outside")
                        assertPixel(image, 32, 32, shapeName == "ring" ? [255, 255, 255, 255] : image.rgba(32, 32), what)
                        XCTAssertNotEqual(image.rgba(14, 32), [255, 255, 255, 255], what + ": drawn at (14, 32)")
                    }
                    // Pixels every shape covers wholly (inside the ring's band, clear of the octagon's and the
                    // corners' diagonals) take the paint alone: the same bytes under every shape.
                    let points = rotated ? [(16, 33), (47, 31)] : [(14, 32), (32, 12), (50, 40)]
                    for (x, y) in points {
                        let reference = try XCTUnwrap(byShape["rounded rect"]).rgba(x, y)
                        for name in ["ring", "path"] {
                            XCTAssertEqual(try XCTUnwrap(byShape[name]).rgba(x, y), reference,
                                           "\(backend): \(name) x \(paintName) at (\(x), \(y))\(rotated ? ", rotated" : "")")
                        }
                    }
                }
            }
        }
        for (what, cpu) in images[.cpu] ?? [:] {
            let gpu = try XCTUnwrap(images[.gpu]?[what], what)
            let cmp = try ImageComparison(cpu, gpu)
            XCTAssertLessThanOrEqual(cmp.maxDifference, 2, "\(what): CPU and GPU differ by \(cmp.maxDifference)")
        }
    }
}
