import Foundation

/// Which keyed passes (`Pass.retainKey`) a renderer keeps once it has drawn them.
///
/// A rasterized layer's bitmap and a drawing's backing store are kept at once: Core Animation draws them
/// once until they change. A blur (a shadow's) is kept only when the frame before had a blur of the same key:
/// a scene at rest keeps its shadows from its second frame on, and one whose shadows move neither fills the
/// renderer's cache with blurs that are never drawn again (pushing out the bitmaps that would be) nor takes
/// their buffers from the pool each frame. Both renderers ask the same policy, so they keep the same passes.
public final class RetainPolicy: @unchecked Sendable {
    private let lock = NSLock()
    private var blursBefore: Set<PassRetainKey> = []

    public init() {}

    /// The keys of `graph`'s passes to keep if drawn in this frame; call once a frame, before drawing it.
    /// With `blurs` false (`RenderOptions.keepsRecurringBlurs`), no blur is kept.
    public func admitted(_ graph: RenderGraph, blurs keepsBlurs: Bool = true) -> Set<PassRetainKey> {
        var keep: Set<PassRetainKey> = [], blurs: Set<PassRetainKey> = []
        for pass in graph.passes {
            guard let key = pass.retainKey else { continue }
            if pass.isBlur { blurs.insert(key) } else { keep.insert(key) }
        }
        lock.lock()
        defer { lock.unlock() }
        if keepsBlurs { keep.formUnion(blurs.intersection(blursBefore)) }
        blursBefore = keepsBlurs ? blurs : []
        return keep
    }
}
