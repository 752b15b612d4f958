import Foundation

extension Layer {
    /// Whether the layer draws a backing store of its own (a `draw` closure, a delegate or recorded commands).
    public var hasCustomDrawing: Bool { draw != nil || delegate != nil || drawing != nil }

    /// The layer's drawing as commands: the `draw` closure run on a fresh context, else the delegate asked,
    /// else `drawing`; nil when the layer draws nothing of its own (its `contents` then stand).
    public func recordedDrawing() -> [DrawingCommand]? {
        if let draw {
            let ctx = DrawingContext()
            draw(ctx)
            return ctx.commands
        }
        if let delegate {
            let ctx = DrawingContext()
            delegate.drawLayer(self, in: ctx)
            return ctx.commands
        }
        return drawing
    }
}
