import CGLES

/// Offscreen targets reused across passes and frames, keyed by exact size and format.
///
/// Exact sizes because a pass is sampled in unit coordinates over its whole texture: a larger pooled
/// texture would change what (0, 1) means. A renderer's frames usually repeat the same pass sizes, so after
/// the first frame no target is allocated.
final class TargetPool {
    private struct Size: Hashable { let width: Int, height: Int, format: Int32 }
    private var free: [Size: [RenderTarget]] = [:]
    /// Targets created so far (a profiling counter).
    private(set) var created = 0

    /// A target of the given size, reused when one is free.
    func acquire(width: Int, height: Int, format: Int32 = GL_RGBA8) throws -> RenderTarget {
        let key = Size(width: width, height: height, format: format)
        if var list = free[key], let t = list.popLast() {
            free[key] = list
            return t
        }
        created += 1
        return try RenderTarget(width: width, height: height, format: format)
    }

    /// Returns a target for reuse; its contents are dead.
    func release(_ target: RenderTarget) {
        free[Size(width: target.width, height: target.height, format: target.format), default: []].append(target)
    }
}
