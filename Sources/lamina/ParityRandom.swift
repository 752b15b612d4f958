import Foundation
import LaminaCore
import LaminaFixtures
import LaminaGL
import LaminaParity

/// `lamina parity --random N --seed S`: random scenes (`RandomScene`) checked on both backends; each failing
/// one is minimised (layers, then keys, removed while it still fails) and written to a folder, ready to add to
/// the corpus.
struct RandomParity {
    let runner: ParityRunner
    /// Most parity checks spent minimising one scene.
    static let maxMinimisingChecks = 400

    /// Whether the scene document `doc` fails the contract (an undecodable or unrenderable one does not count).
    func fails(_ doc: [String: Any]) -> Bool {
        guard let data = try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys]),
              let scene = try? SceneDecoder().decode(data),
              let result = try? runner.check(scene, name: "minimising") else { return false }
        return !result.passed
    }

    /// A smaller document that still fails: whole layers removed first, then keys other than geometry.
    func minimise(_ document: [String: Any]) -> [String: Any] {
        var doc = document
        var budget = Self.maxMinimisingChecks
        var changed = true
        while changed, budget > 0 {
            changed = false
            for path in Self.layerPaths(doc).reversed() where budget > 0 {
                var candidate = doc
                Self.removeLayer(at: path, in: &candidate)
                budget -= 1
                if fails(candidate) { doc = candidate; changed = true }
            }
            for path in Self.layerPaths(doc) {
                for key in Self.layer(at: path, in: doc)?.keys.sorted() ?? [] where budget > 0 {
                    guard !["frame", "bounds", "position", "type", "sublayers"].contains(key) else { continue }
                    var candidate = doc
                    Self.modifyLayer(at: path, in: &candidate) { $0[key] = nil }
                    budget -= 1
                    if fails(candidate) { doc = candidate; changed = true }
                }
            }
        }
        return doc
    }

    /// Paths of every layer, depth first: indices into `layers`, then into each `sublayers`.
    static func layerPaths(_ doc: [String: Any]) -> [[Int]] {
        var out: [[Int]] = []
        func walk(_ layers: [Any], _ prefix: [Int]) {
            for (i, l) in layers.enumerated() {
                out.append(prefix + [i])
                if let d = l as? [String: Any], let subs = d["sublayers"] as? [Any] { walk(subs, prefix + [i]) }
            }
        }
        walk(doc["layers"] as? [Any] ?? [], [])
        return out
    }

    static func layer(at path: [Int], in doc: [String: Any]) -> [String: Any]? {
        var layers = doc["layers"] as? [Any] ?? []
        var current: [String: Any]?
        for (n, i) in path.enumerated() {
            guard i < layers.count, let d = layers[i] as? [String: Any] else { return nil }
            current = d
            if n < path.count - 1 { layers = d["sublayers"] as? [Any] ?? [] }
        }
        return current
    }

    static func modifyLayer(at path: [Int], in doc: inout [String: Any], _ body: (inout [String: Any]) -> Void) {
        func go(_ layers: inout [Any], _ rest: ArraySlice<Int>) {
            guard let i = rest.first, i < layers.count, var d = layers[i] as? [String: Any] else { return }
            if rest.count == 1 {
                body(&d)
            } else {
                var subs = d["sublayers"] as? [Any] ?? []
                go(&subs, rest.dropFirst())
                d["sublayers"] = subs
            }
            layers[i] = d
        }
        var layers = doc["layers"] as? [Any] ?? []
        go(&layers, path[...])
        doc["layers"] = layers
    }

    static func removeLayer(at path: [Int], in doc: inout [String: Any]) {
        guard let last = path.last else { return }
        if path.count == 1 {
            var layers = doc["layers"] as? [Any] ?? []
            if last < layers.count { layers.remove(at: last) }
            doc["layers"] = layers
            return
        }
        modifyLayer(at: Array(path.dropLast()), in: &doc) { parent in
            var subs = parent["sublayers"] as? [Any] ?? []
            if last < subs.count { subs.remove(at: last) }
            parent["sublayers"] = subs
        }
    }
}
