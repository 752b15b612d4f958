import Foundation

/// Which keyed passes (`Pass.retainKey`) a renderer keeps once it has drawn them.
///
/// A rasterized layer's bitmap and a drawing's backing store are kept at once: Core Animation draws them
/// once until they change. A blur (a shadow's), and a group's, a mask's or an effect's offscreen pass
/// (`Pass.isKeptWhenItRecurs`), is kept only when the frame before had a pass of the same key: a scene at
/// rest keeps its shadows and groups from its second frame on, and one whose shadows or groups change
/// neither fills the renderer's cache with passes that are never drawn again (pushing out the bitmaps that
/// would be) nor takes their buffers from the pool each frame. Both renderers ask the same policy, so they
/// keep the same passes.
public final class RetainPolicy: @unchecked Sendable {
    private let lock = NSLock()
    private var recurringBefore: Set<PassRetainKey> = []

    public init() {}

    /// The keys of `graph`'s passes to keep if drawn in this frame; call once a frame, before drawing it.
    /// With `blurs` false (`RenderOptions.keepsRecurringBlurs`), no blur, nor any other pass kept when it
    /// recurs, is kept.
    public func admitted(_ graph: RenderGraph, blurs keepsBlurs: Bool = true) -> Set<PassRetainKey> {
        var keep: Set<PassRetainKey> = [], recurring: Set<PassRetainKey> = []
        for pass in graph.passes {
            guard let key = pass.retainKey else { continue }
            if pass.isKeptWhenItRecurs { recurring.insert(key) } else { keep.insert(key) }
        }
        lock.lock()
        defer { lock.unlock() }
        if keepsBlurs { keep.formUnion(recurring.intersection(recurringBefore)) }
        recurringBefore = keepsBlurs ? recurring : []
        return keep
    }
}
