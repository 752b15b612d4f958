import CGLES

/// Offscreen targets reused across passes and frames, keyed by exact size and format.
///
/// Exact sizes because a pass is sampled in unit coordinates over its whole texture: a larger pooled
/// texture would change what (0, 1) means. A renderer's frames usually repeat the same pass sizes, so after
/// the first frame no target is allocated.
///
/// Free targets are bounded, because an animation's passes change size from frame to frame (a rotating
/// layer's shadow pass follows its bounds): kept without bound, every size ever drawn stayed allocated, and
/// `lamina animate` of 300 turning shadowed cards grew by 40 MB a frame on llvmpipe. At the end of each
/// frame (`endFrame`) a free target that no pass took during that frame or the one before is deleted, and
/// free targets over `freeCapacityBytes` are deleted oldest first, also during a frame (a frame of
/// hundreds of one-off sizes holds no more than that). A steady scene keeps every target it needs as long
/// as the ones it frees at once fit in that capacity (larger ones are made again each frame).
final class TargetPool {
    private struct Size: Hashable { let width: Int, height: Int, format: Int32 }
    private struct Entry {
        let target: RenderTarget
        /// When it was released: the frame, and a sequence number over all releases (oldest first).
        let frame: Int
        let sequence: Int
    }
    private var free: [Size: [Entry]] = [:]
    /// Targets created so far (a profiling counter).
    private(set) var created = 0
    /// Bytes of the free targets' colour textures.
    private(set) var freeBytes = 0
    /// The free targets' count.
    var freeCount: Int { free.values.reduce(0) { $0 + $1.count } }
    /// The most bytes of free targets kept.
    let freeCapacityBytes: Int
    private var frame = 0
    private var sequence = 0

    init(freeCapacityBytes: Int = 256 << 20) {
        self.freeCapacityBytes = freeCapacityBytes
    }

    /// A target of the given size, reused when one is free.
    func acquire(width: Int, height: Int, format: Int32 = GL_RGBA8) throws -> RenderTarget {
        let key = Size(width: width, height: height, format: format)
        if var list = free[key], let entry = list.popLast() {
            free[key] = list.isEmpty ? nil : list
            freeBytes -= TargetPool.bytes(entry.target)
            return entry.target
        }
        created += 1
        return try RenderTarget(width: width, height: height, format: format)
    }

    /// Returns a target for reuse; its contents are dead.
    func release(_ target: RenderTarget) {
        sequence += 1
        free[Size(width: target.width, height: target.height, format: target.format), default: []]
            .append(Entry(target: target, frame: frame, sequence: sequence))
        freeBytes += TargetPool.bytes(target)
        if freeBytes > freeCapacityBytes { evict { _ in false } }
    }

    /// Ends a frame: deletes the free targets released before the previous frame and none taken since,
    /// then any over the capacity, oldest first.
    func endFrame() {
        let oldest = frame - 1
        evict { $0.frame < oldest }
        frame += 1
    }

    /// Deletes the free targets `stale` picks, then the oldest until the free bytes are within capacity.
    private func evict(_ stale: (Entry) -> Bool) {
        var kept: [(Size, Entry)] = []
        for (size, list) in free {
            for entry in list where !stale(entry) { kept.append((size, entry)) }
        }
        kept.sort { $0.1.sequence > $1.1.sequence }
        free.removeAll(keepingCapacity: true)
        freeBytes = 0
        for (size, entry) in kept {
            let bytes = TargetPool.bytes(entry.target)
            guard freeBytes + bytes <= freeCapacityBytes else { continue }
            freeBytes += bytes
            free[size, default: []].append(entry)
        }
        // Each list back to oldest first, so `acquire` keeps taking the most recently released.
        for (size, list) in free { free[size] = list.reversed() }
    }

    /// The bytes of a target's colour texture (depth and stencil buffers, attached to few, not counted).
    static func bytes(_ target: RenderTarget) -> Int {
        let texel: Int
        switch target.format {
        case GL_RGBA32F: texel = 16
        case GL_RGBA16F: texel = 8
        case GL_R16F: texel = 2
        default: texel = 4
        }
        return target.width * target.height * texel
    }
}
