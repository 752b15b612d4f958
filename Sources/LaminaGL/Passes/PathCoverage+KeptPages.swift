import CGLES
import Foundation
import LaminaGeometry
import LaminaGraph

/// A pass's coverage atlas kept after the pass was drawn (with `RenderOptions.keepsPathCoverage`): a pass
/// drawn again with the same fills (the same keys, in the same order, so the same layout) in the next frame
/// reads the pages as they are, with nothing rasterized, uploaded or drawn into them. Pages not read in a
/// frame go back to the pool at its end, and at most `keptPagesCapacityBytes` are held.
extension PathCoverage {
    /// The atlas of one pass: what decided it, where each fill lies, and the pages.
    final class KeptPass {
        let keys: [KeptKey]
        let width: Int, maxHeight: Int
        /// Each fill's slot, in the order of the keys (nil for a fill that covers nothing).
        let slots: [Slot?]
        let pages: [RenderTarget]
        var lastFrame: Int

        init(keys: [KeptKey], width: Int, maxHeight: Int, slots: [Slot?], pages: [RenderTarget], frame: Int) {
            self.keys = keys; self.width = width; self.maxHeight = maxHeight
            self.slots = slots; self.pages = pages; lastFrame = frame
        }

        /// The pages' texels at `bytesPerTexel` (4 for R32F, 2 for R16F).
        func bytes(_ bytesPerTexel: Int) -> Int { pages.reduce(0) { $0 + $1.width * $1.height * bytesPerTexel } }
    }

    /// The most bytes of pages kept between frames.
    static let keptPagesCapacityBytes = 64 << 20

    /// The slots of a kept atlas laid out for exactly these `items`, marked as read this frame; nil when
    /// none is kept.
    func keptSlots(for items: [Item], width: Int, maxHeight: Int) -> [Int: Slot]? {
        guard kept != nil, !keptPasses.isEmpty else { return nil }
        let keys = items.map(KeptKey.init)
        guard let index = keptPasses.firstIndex(where: { $0.width == width && $0.maxHeight == maxHeight && $0.keys == keys })
        else { return nil }
        // The most recently read last: the first to go is the one read longest ago.
        let pass = keptPasses.remove(at: index)
        keptPasses.append(pass)
        pass.lastFrame = frame
        var slots: [Int: Slot] = [:]
        for (k, item) in items.enumerated() { if let slot = pass.slots[k] { slots[item.op] = slot } }
        return slots
    }

    /// Keeps this pass's pages (now holding `slots`' coverage) for the next frame, instead of returning them
    /// to the pool, when keeping is on and they fit.
    func keepPages(for items: [Item], slots: [Int: Slot], width: Int, maxHeight: Int) {
        guard kept != nil, !pages.isEmpty else { return }
        let pass = KeptPass(keys: items.map(KeptKey.init), width: width, maxHeight: maxHeight,
                            slots: items.map { slots[$0.op] }, pages: pages, frame: frame)
        let texel = format == GL_R16F ? 2 : 4
        guard pass.bytes(texel) <= PathCoverage.keptPagesCapacityBytes else { return }
        var total = keptPasses.reduce(pass.bytes(texel)) { $0 + $1.bytes(texel) }
        while total > PathCoverage.keptPagesCapacityBytes, !keptPasses.isEmpty {
            let oldest = keptPasses.removeFirst()
            total -= oldest.bytes(texel)
            oldest.pages.forEach(pool.release)
        }
        keptPasses.append(pass)
        pages.removeAll()
    }

    /// Ends a frame: the kept atlases no pass read in it go back to the pool.
    func endFrame() {
        keptPasses.removeAll { pass in
            guard pass.lastFrame < frame else { return false }
            pass.pages.forEach(pool.release)
            return true
        }
        frame += 1
    }
}
