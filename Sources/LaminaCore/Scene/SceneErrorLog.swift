import Foundation

/// The refusals one decode meets, in the order met, up to a bound; past it they are only counted.
///
/// The decoder notes a refusal here and goes on with the key's default (a bad key), without the value (a bad
/// list item, an animation, a drawing command) or without the layer (a layer that is not an object), so one
/// pass finds every mistake it can. `SceneDecoder` then sorts what was listed into document order.
final class SceneErrorLog {
    /// Most refusals listed; the rest are counted in `unlisted`.
    let limit: Int
    private(set) var listed: [SceneError] = []
    private(set) var unlisted = 0

    init(limit: Int) { self.limit = max(1, limit) }

    var isEmpty: Bool { listed.isEmpty }

    func note(_ error: SceneError) {
        if listed.count < limit { listed.append(error) } else { unlisted += 1 }
    }

    /// Thrown, instead of a refusal, to leave a value whose refusal is already noted (an image that failed to
    /// load, referenced again): the enclosing recovery point drops the value without noting anything.
    struct Reported: Error {}
}
