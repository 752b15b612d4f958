import Foundation
import LaminaCore
import LaminaImage

extension DrawingContext {
    /// CGBitmapContext's `makeImage()`: the calls recorded so far, drawn by the CPU renderer into a
    /// `width` x `height` bitmap with the origin at the bottom-left (y up), as CoreGraphics draws a bitmap
    /// context. Nil for a context that is not a bitmap context (a layer's drawing context) or when the
    /// drawing is over a resource limit.
    public func makeImage() -> CGImage? {
        guard width > 0, height > 0 else { return nil }
        let canvas = Layer()
        canvas.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        canvas.drawing = [.translate(x: 0, y: Double(height)), .scale(x: 1, y: -1)] + commands
        guard let image = try? Lamina.render(canvas) else { return nil }
        return Bitmap(image: image, origin: "CGContext")
    }
}
