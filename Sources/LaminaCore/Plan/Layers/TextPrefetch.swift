import Foundation
import LaminaGraph
import LaminaImage
import LaminaText

extension GraphBuilder {
    /// Draws the text layers' backing stores that no earlier plan kept, on every core at once, before the walk
    /// meets them one by one (laying text out is most of a text-heavy plan's time). Each box is drawn by the
    /// same engine code whichever thread draws it, so the bytes do not depend on the order. Hidden and fully
    /// transparent subtrees are skipped; a store the walk would refuse (over the side limit, the budget or the engine's bounds) is
    /// left to the walk, which refuses it at its layer's pointer. What is drawn ahead stays within the memory
    /// budget left.
    func prefetchTextStores(_ root: Layer) {
        let engine = TextEngine.shared
        guard engine.concurrency > 1 else { return }
        let boxes = textBoxesToDraw(under: root)
        guard boxes.count > 1 else { return }
        let drawn = UnsafeMutableBufferPointer<Bitmap?>.allocate(capacity: boxes.count)
        drawn.initialize(repeating: nil)
        defer { drawn.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: boxes.count) { k in
            if let image = try? engine.render(boxes[k]) {
                drawn[k] = Bitmap(image: image, origin: "a text layer's backing store")
            }
        }
        for (k, box) in boxes.enumerated() {
            if let bitmap = drawn[k] { prefetchedText[box] = bitmap }
        }
    }

    /// The distinct boxes of the visible text layers under `root` (masks included) that neither the layer
    /// (`TextLayer.drawnStore`), this plan nor the store cache holds, depth first (a layer's sublayers before
    /// its mask), each admissible, within the budget left in all.
    func textBoxesToDraw(under root: Layer) -> [TextBox] {
        var boxes: [TextBox] = []
        var seen = Set<TextBox>()
        var bytesLeft = limits.maxMemoryBytes - chargedBytes
        var stack = [root]
        while let layer = stack.popLast() {
            // The walk draws nothing of a hidden or fully transparent subtree.
            guard !layer.isHidden, layer.opacityValue > 0 else { continue }
            if let mask = layer.mask { stack.append(mask) }
            stack.append(contentsOf: layer.sublayersValue.reversed())
            guard let text = layer as? TextLayer, text.hasText else { continue }
            let box = Self.textBox(text)
            guard text.drawnStore?.box != box, !seen.contains(box), !BackingStores.text.contains(box) else { continue }
            let (w, h) = box.pixelSize
            let side = limits.maxPassSide
            guard w > 0, h > 0, w <= side, h <= side, (try? TextEngine.validate(box)) != nil else { continue }
            let bytes = ResourceLimits.imageBytes(width: w, height: h)
            guard bytes <= bytesLeft else { break }
            bytesLeft -= bytes
            seen.insert(box)
            boxes.append(box)
        }
        return boxes
    }
}
