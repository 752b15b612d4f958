import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Hand-built render graphs with analytically known pixels, shared by the GPU tests and the GPU/CPU
/// parity tests.
enum TestGraphs {
    static let red = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
    static let green = PremultipliedColor(r: 0, g: 1, b: 0, a: 1)
    static let blue = PremultipliedColor(r: 0, g: 0, b: 1, a: 1)
    static let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

    static func full(_ w: Int, _ h: Int) -> PixelRect { PixelRect(x0: 0, y0: 0, x1: w, y1: h) }

    static func canvas(_ ops: [DrawOp], width: Int = 128, height: Int = 128, images: [ImageResource] = [],
                       clear: PremultipliedColor = .transparent, before: [Pass] = []) -> RenderGraph {
        let pass = Pass(id: PassID(before.count), reason: .canvas, label: "canvas", width: width, height: height,
                        content: .draw(ops))
        return RenderGraph(width: width, height: height, scale: 1, clearColor: clear, passes: before + [pass],
                           images: images)
    }

    /// Shapes: a rect with a quarter-pixel left edge on white, a rounded rect, a border ring, a clipped fill.
    static func shapes() -> RenderGraph {
        let rect = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 10.25, y: 4, width: 20, height: 10))), paint: .solid(red),
                          transform: .identity, bounds: PixelRect(x0: 10, y0: 4, x1: 31, y1: 14))
        let rrect = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 20, y: 20, width: 40, height: 40), radius: 10,
                                                   corners: .all, curve: .circular)), paint: .solid(blue),
                           transform: .identity, bounds: PixelRect(x0: 20, y0: 20, x1: 60, y1: 60))
        let border = DrawOp(shape: .ring(RoundedRect(rect: CGRect(x: 70.25, y: 10, width: 40, height: 40)), width: 4), paint: .solid(green),
                            transform: .identity, bounds: PixelRect(x0: 70, y0: 10, x1: 111, y1: 50))
        let clip = Clip(shape: RoundedRect(rect: CGRect(x: 0, y: 70, width: 30.25, height: 50)), transform: .identity)
        let clipped = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 70, width: 120, height: 50))), paint: .solid(green),
                             transform: .identity, clips: [clip], bounds: PixelRect(x0: 0, y0: 70, x1: 31, y1: 120))
        let rotated = DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: -10, y: -10, width: 20, height: 20), radius: 4,
                                                     corners: .all, curve: .circular)), paint: .solid(red),
                             transform: Transform3D.rotation(0.5, 0, 0, 1).concatenating(.translation(80, 90)),
                             bounds: PixelRect(x0: 60, y0: 70, x1: 100, y1: 110))
        return canvas([rect, rrect, border, clipped, rotated], clear: white)
    }

    /// A 4x4 image whose columns are 0, 80, 160, 240 (grey, opaque), constant down each column.
    static func columnsBitmap() -> Bitmap {
        var img = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { let v = UInt8(x * 80); img.setPixel(x: x, y: y, (v, v, v, 255)) } }
        return Bitmap(image: img, origin: "test:columns")
    }

    /// An 8x8 checkerboard of black and white texels, opaque.
    static func checkerBitmap() -> Bitmap {
        var img = Image(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; img.setPixel(x: x, y: y, (v, v, v, 255)) } }
        return Bitmap(image: img, origin: "test:checker")
    }

    static func textureOp(_ image: Int, _ dest: CGRect, min: ContentsFilter, mag: ContentsFilter,
                          lodBias: Double = 0) -> DrawOp {
        let b = PixelRect(x0: Int(dest.minX), y0: Int(dest.minY), x1: Int(dest.maxX.rounded(.up)),
                          y1: Int(dest.maxY.rounded(.up)))
        return DrawOp(shape: .rect(dest), paint: .texture(TextureDraw(source: .image(ImageID(image)), minFilter: min, magFilter: mag, lodBias: lodBias)),
                      transform: .identity, bounds: b)
    }

    /// Texture draws: the columns image magnified 2x with nearest and linear, the checker minified 4x with
    /// trilinear (level 2) and linear (level 0 only).
    static func textures() -> RenderGraph {
        let images = [ImageResource(id: ImageID(0), bitmap: columnsBitmap()),
                      ImageResource(id: ImageID(1), bitmap: checkerBitmap())]
        let ops = [
            textureOp(0, CGRect(x: 0, y: 0, width: 8, height: 8), min: .nearest, mag: .nearest),
            textureOp(0, CGRect(x: 10, y: 0, width: 8, height: 8), min: .linear, mag: .linear),
            textureOp(1, CGRect(x: 20, y: 0, width: 2, height: 2), min: .trilinear, mag: .linear),
            textureOp(1, CGRect(x: 24, y: 0, width: 2, height: 2), min: .linear, mag: .linear),
            textureOp(1, CGRect(x: 28, y: 0, width: 4, height: 4), min: .trilinear, mag: .linear, lodBias: 0.5),
        ]
        return canvas(ops, width: 40, height: 10, images: images)
    }

    /// A white square rendered offscreen, blurred, and composited tinted half-transparent black (a shadow).
    static func shadow(sigma: Double) -> RenderGraph {
        let size = 40
        let shape = Pass(id: PassID(0), reason: .shadowShape, label: "shape", width: size, height: size,
                         content: .draw([DrawOp(shape: .roundedRect(RoundedRect(rect: CGRect(x: 12, y: 12, width: 16, height: 16))), paint: .solid(white),
                                                transform: .identity, bounds: full(size, size))]))
        let blur = Pass(id: PassID(1), reason: .shadowBlur, label: "blur", width: size, height: size,
                        content: .blur(source: PassID(0), sigma: sigma,
                                       method: BlurPyramid.choose(sigma: sigma, content: .shapes(variation: 1))))
        let tint = PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5)
        let draw = DrawOp(shape: .rect(CGRect(x: 0, y: 0, width: 40, height: 40)), paint: .texture(TextureDraw(source: .pass(PassID(1)), minFilter: .nearest, magFilter: .nearest, tint: tint)),
                          transform: .translation(4, 4), bounds: PixelRect(x0: 4, y0: 4, x1: 44, y1: 44))
        return canvas([draw], width: 48, height: 48, clear: white, before: [shape, blur])
    }
}
