import Foundation

/// The refusals one decode meets, in the order met, up to a bound; past it they are only counted, and past
/// `maxCounted` the decode stops (`Full`), so that a scene of a million mistakes costs no more than ten thousand.
///
/// The decoder notes a refusal here and goes on with the key's default (a bad key), without the value (a bad
/// list item, an animation, a drawing command) or without the layer (a layer that is not an object), so one
/// pass finds every mistake it can. `SceneDecoder` then sorts what was listed into document order.
final class SceneErrorLog {
    /// Most refusals listed; the rest are counted in `unlisted`.
    let limit: Int
    private(set) var listed: [SceneError] = []
    private(set) var unlisted = 0
    /// Whether the decode stopped at `maxCounted` refusals (`unlisted` is then a lower bound).
    private(set) var stopped = false

    /// Most refusals one decode counts (or `limit`, if higher) before it stops reading.
    static let maxCounted = 10_000

    init(limit: Int) { self.limit = max(1, limit) }

    var isEmpty: Bool { listed.isEmpty }

    /// Lists or counts `error`; throws `Full` once `maxCounted` are found.
    func note(_ error: SceneError) throws {
        if listed.count < limit { listed.append(error) } else { unlisted += 1 }
        if listed.count + unlisted >= max(limit, SceneErrorLog.maxCounted) {
            stopped = true
            throw Full()
        }
    }

    /// Thrown past `maxCounted` refusals: not a refusal, so no recovery point notes it; the decode ends.
    struct Full: Error {}

    /// Thrown, instead of a refusal, to leave a value whose refusal is already noted (an image that failed to
    /// load, referenced again): the enclosing recovery point drops the value without noting anything.
    struct Reported: Error {}
}
