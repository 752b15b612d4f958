import CGLES
import LaminaGeometry
import LaminaGraph
import LaminaImage

/// The canvas cleared and read back only where its draws lie (`DrawnRegions`), the rest of the image
/// filled with the clear colour's bytes on the CPU: the bytes of clearing and reading it whole.
extension FrameExecutor {
    /// The regions of the canvas pass `canvas` (the graph's last) to clear and read, or nil to do both whole:
    /// when the option is off or the driver is a GPU (`RasterTuning.drawsRegions`), when the pass is kept for a later frame (its target's pixels are read again,
    /// so all of them must be the frame's), when some op adds to the target (drawn in several runs), or when
    /// the draws cover most of it.
    func drawnRegions(of canvas: Pass) -> DrawnRegions? {
        guard options.readsDrawnRegions, resources.tuning.drawsRegions, canvas.retainKey == nil,
              case .draw(let ops) = canvas.content,
              !ops.contains(where: \.adds) else { return nil }
        return DrawnRegions(ops: ops, width: canvas.width, height: canvas.height)
    }

    /// The canvas image: `clear`'s bytes (`ClearColor.bytes`, what the GPU's clear stores) everywhere, then
    /// the target's pixels read back over them inside `regions`; with a `worker`, a large canvas's lower half
    /// filled and read by it (`ReadbackWorker`), its fill before the frame completes.
    static func readDrawn(_ target: RenderTarget, regions: DrawnRegions, clear: PremultipliedColor,
                          worker: ReadbackWorker?) throws -> Image {
        let px = ClearColor.bytes(clear)
        let pattern = PixelFill.pattern(r: px.r, g: px.g, b: px.b, a: px.a)
        return try image(of: target) { raw in
            guard let base = raw.baseAddress else { return }
            if let worker, target.width * target.height >= splitPixels {
                // Half the rows each, filled and then read where the regions cross them.
                target.bind()
                return try worker.read(target, into: raw, split: target.height / 2, fill: (pattern, regions.rects))
            }
            let rows = 0..<target.height
            ReadbackWorker.fill(rows: rows, width: target.width, with: pattern, at: base)
            target.bind()
            try ReadbackWorker.read(rows: rows, width: target.width, regions: regions.rects) {
                try target.read($0, into: base)
            }
        }
    }
}
