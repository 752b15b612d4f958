import Foundation

/// Thrown by a chunk reader where it would load an image: images are shared between layers and counted
/// against one budget, so a list that loads one is read on one core.
struct ChunkAbandoned: Error {}

extension SceneReader {
    /// Lists shorter than this are read on one core.
    static let chunkedMinimumLayers = 256

    /// The layers of a list at `p`, each refused one noted and left out. A long list is first read in chunks
    /// on every core, by readers that start from this one's images and note nothing here; when every chunk
    /// reads without a refusal and without loading an image, their layers are the ones a single reader would
    /// make, and are used. Otherwise the list is read again on one core, noting its refusals in order.
    func layers(_ items: [JSONValue], at p: JSONPointer, depth: Int) throws -> [Layer] {
        if !isChunkReader, items.count >= Self.chunkedMinimumLayers, ProcessInfo.processInfo.activeProcessorCount > 1,
           let read = readInChunks(items, at: p, depth: depth) {
            return read
        }
        var out: [Layer] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            if let l = try attempt({ try layer(item, at: p / i, depth: depth) }) { out.append(l) }
        }
        return out
    }

    private func readInChunks(_ items: [JSONValue], at p: JSONPointer, depth: Int) -> [Layer]? {
        let chunks = min(ProcessInfo.processInfo.activeProcessorCount * 4, items.count)
        let results = UnsafeMutableBufferPointer<[Layer]?>.allocate(capacity: chunks)
        results.initialize(repeating: nil)
        defer { results.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let reader = chunkReader()
            var out: [Layer] = []
            let range = (c * items.count / chunks)..<((c + 1) * items.count / chunks)
            out.reserveCapacity(range.count)
            for i in range {
                guard let l = try? reader.layer(items[i], at: p / i, depth: depth), reader.log.isEmpty else { return }
                out.append(l)
            }
            results[c] = out
        }
        var layers: [Layer] = []
        layers.reserveCapacity(items.count)
        for chunk in results {
            guard let chunk else { return nil }
            layers.append(contentsOf: chunk)
        }
        return layers
    }

    /// A reader for one chunk: this reader's images and budget, a log of its own.
    private func chunkReader() -> SceneReader {
        let reader = SceneReader(baseURL: baseURL, maxImageBytes: maxImageBytes, log: SceneErrorLog(limit: 1))
        reader.imagesByName = imagesByName
        reader.refusedImageNames = refusedImageNames
        reader.bitmapCache = bitmapCache
        reader.imageBytes = imageBytes
        reader.isChunkReader = true
        return reader
    }
}
