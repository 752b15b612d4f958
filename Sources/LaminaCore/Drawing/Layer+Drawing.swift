import Foundation

extension Layer {
    /// Whether the layer draws a backing store of its own: a `draw` closure, an override of `draw(in:)`, a
    /// delegate, or recorded commands.
    public var hasCustomDrawing: Bool { draw != nil || delegate != nil || drawing != nil || overridesDraw }

    /// Whether a subclass overrides `draw(in:)` (asked with a probe context the delegate never sees).
    var overridesDraw: Bool {
        guard type(of: self) != Layer.self else { return false }
        let probe = DrawingContext()
        probe.isProbe = true
        draw(in: probe)
        return !probe.reachedDefaultDraw
    }

    /// The layer's drawing as commands: the `draw` closure run on a fresh context, else `draw(in:)` (a
    /// subclass's override, or the delegate's `draw(_:in:)`), else `drawing`; nil when the layer draws
    /// nothing of its own (its `contents` then stand).
    public func recordedDrawing() -> [DrawingCommand]? {
        if let draw {
            let ctx = DrawingContext()
            ctx.layerBounds = bounds
            draw(ctx)
            return ctx.commands
        }
        let ctx = DrawingContext()
        ctx.layerBounds = bounds
        draw(in: ctx)
        if !ctx.reachedDefaultDraw || delegate != nil { return ctx.commands }
        return drawing
    }
}
