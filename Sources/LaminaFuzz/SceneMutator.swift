/// Structure-aware mutation of a scene document: it parses the input as JSON and edits the scene the way a
/// hostile or careless author would, so that most mutants get past the parser and reach the decoder's
/// checks, the planner and the renderers (byte flips alone mostly make invalid JSON).
///
/// The strategies: numbers pushed to the edges; keys of the scene format added with edge values; members
/// removed, duplicated or given a value of the wrong kind; layers copied deeper into the tree (as sublayers or
/// as masks) or wrapped in replicators; images swapped for hostile PNG data URIs; the canvas resized; arrays grown.
import LaminaGeometry
struct SceneMutator {
    /// Where a value sits in a document: member or element indices from the root.
    typealias Path = [Int]

    var rng: FuzzRandom

    init(seed: UInt64) { rng = FuzzRandom(seed: seed) }

    /// Applies one to three strategies to `doc`.
    mutating func mutate(_ doc: inout FuzzJSON) {
        for _ in 0..<1 + rng.below(3) {
            switch rng.below(15) {
            case 0, 1, 2: edgeNumber(&doc)
            case 3, 4, 5: addKnownKey(&doc)
            case 6: removeMember(&doc)
            case 7: duplicateMember(&doc)
            case 8, 9: copyLayerDeeper(&doc)
            case 10: swapImage(&doc)
            case 11: wrongKind(&doc)
            case 12: mutateCanvas(&doc)
            case 13: wrapInReplicator(&doc)
            default: growArray(&doc)
            }
        }
    }

    // MARK: Strategies

    /// Replaces a number somewhere in the document by an edge value; two times in three the edge value takes
    /// the sign of the number it replaces, so that sizes and radii mostly stay in range.
    mutating func edgeNumber(_ doc: inout FuzzJSON) {
        let numbers = SceneMutator.paths(in: doc) { if case .number = $0 { return true }; return false }
        guard !numbers.isEmpty else { return }
        let path = rng.pick(numbers)
        var replacement = SceneVocabulary.number(&rng)
        if !rng.chance(3), case .number(let old) = SceneMutator.value(in: doc, at: path[...]),
           case .number(let new) = replacement {
            replacement = .number(old < 0 ? -abs(new) : abs(new))
        }
        SceneMutator.update(&doc, at: path[...]) { $0 = replacement }
    }

    /// Sets a scene-format key on a layer (the first member named so, or a new member) to a generated value.
    /// Three times in four the key is one the layer's type accepts.
    mutating func addKnownKey(_ doc: inout FuzzJSON) {
        let layers = SceneMutator.layerPaths(in: doc)
        guard !layers.isEmpty else { return }
        let path = rng.pick(layers)
        var keys = SceneVocabulary.layerKeys
        let type = SceneMutator.value(in: doc, at: path[...])?["type"] ?? .string("layer")
        if !rng.chance(4), case .string(let type) = type {
            let accepted = SceneVocabulary.keys(ofType: type)
            keys = keys.filter { accepted.contains($0.0) }
        }
        guard !keys.isEmpty else { return }
        let (key, kind) = rng.pick(keys)
        let value = SceneVocabulary.value(kind, &rng)
        SceneMutator.update(&doc, at: path[...]) { layer in
            guard case .object(var members) = layer else { return }
            if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = value } else {
                members.append(.init(key: key, value: value))
            }
            layer = .object(members)
        }
    }

    /// Removes one member of an object or one element of an array (rarely of the document itself, whose
    /// members are all required or structural).
    mutating func removeMember(_ doc: inout FuzzJSON) {
        var containers = SceneMutator.paths(in: doc) { SceneMutator.count(of: $0) > 0 }
        if !rng.chance(8) { containers.removeAll { $0.isEmpty } }
        guard !containers.isEmpty else { return }
        let victim = rng.below(1 << 20)
        SceneMutator.update(&doc, at: rng.pick(containers)[...]) { value in
            switch value {
            case .object(var m): m.remove(at: victim % m.count); value = .object(m)
            case .array(var a): a.remove(at: victim % a.count); value = .array(a)
            default: break
            }
        }
    }

    /// Repeats a member of an object under the same key, with the same value or an edge number.
    mutating func duplicateMember(_ doc: inout FuzzJSON) {
        let objects = SceneMutator.paths(in: doc) { ($0.members?.count ?? 0) > 0 }
        guard !objects.isEmpty else { return }
        let pick = rng.below(1 << 20), changes = rng.chance(2)
        let other = SceneVocabulary.number(&rng)
        SceneMutator.update(&doc, at: rng.pick(objects)[...]) { value in
            guard case .object(var m) = value else { return }
            var copy = m[pick % m.count]
            if changes { copy.value = other }
            m.append(copy)
            value = .object(m)
        }
    }

    /// Copies a layer into the sublayers (or the mask) of itself or one of its descendants, so the tree grows
    /// deeper and masks hold masks.
    mutating func copyLayerDeeper(_ doc: inout FuzzJSON) {
        let layers = SceneMutator.layerPaths(in: doc)
        guard !layers.isEmpty else { return }
        let sourcePath = rng.pick(layers)
        guard let source = SceneMutator.value(in: doc, at: sourcePath[...]) else { return }
        let targets = layers.filter { $0.starts(with: sourcePath) }   // the layer itself and its descendants
        let asMask = rng.chance(3)
        SceneMutator.update(&doc, at: rng.pick(targets)[...]) { target in
            guard case .object(var m) = target else { return }
            if asMask {
                m.removeAll { $0.key == "mask" }
                m.append(.init(key: "mask", value: source))
            } else if let i = m.firstIndex(where: { $0.key == "sublayers" }), case .array(var list) = m[i].value {
                list.append(source)
                m[i].value = .array(list)
            } else {
                m.append(.init(key: "sublayers", value: .array([source])))
            }
            target = .object(m)
        }
    }

    /// Replaces an image reference (in `images` or a layer's `contents`) by a hostile PNG, or gives a layer one.
    mutating func swapImage(_ doc: inout FuzzJSON) {
        let uri = FuzzJSON.string(HostilePNG.dataURI(HostilePNG.make(rng.pick(HostilePNG.Kind.allCases), rng: &rng)))
        let images = SceneMutator.paths(in: doc) {
            if case .string(let s) = $0 { return s.hasPrefix("data:") || s.hasSuffix(".png") }
            return false
        }
        if !images.isEmpty, rng.chance(2) {
            SceneMutator.update(&doc, at: rng.pick(images)[...]) { $0 = uri }
            return
        }
        let layers = SceneMutator.layerPaths(in: doc)
        guard !layers.isEmpty else { return }
        SceneMutator.update(&doc, at: rng.pick(layers)[...]) { layer in
            guard case .object(var m) = layer else { return }
            m.removeAll { $0.key == "contents" }
            m.append(.init(key: "contents", value: uri))
            layer = .object(m)
        }
    }

    /// Replaces any value by one of another kind (string, number, array, object, null, bool).
    mutating func wrongKind(_ doc: inout FuzzJSON) {
        let all = SceneMutator.paths(in: doc) { _ in true }
        guard !all.isEmpty else { return }
        let replacement: FuzzJSON = rng.pick([.null, .bool(true), .string("@"), .array([]), .object([]),
                                              .number(1), .array([.number(1), .number(2)]), .string("#F00")])
        SceneMutator.update(&doc, at: rng.pick(all)[...]) { $0 = replacement }
    }

    /// Sets the canvas's width, height or scale to an edge value.
    mutating func mutateCanvas(_ doc: inout FuzzJSON) {
        guard let i = doc.members?.firstIndex(where: { $0.key == "canvas" }) else { return }
        let key = rng.pick(["width", "height", "scale", "background"])
        let value: FuzzJSON = key == "scale"
            ? .number(rng.pick([1e-300, 0.001, 0.5, 1, 2, 3, 7.99999, 8, 8.000001, 0.0001]))
            : key == "background" ? SceneVocabulary.color(&rng)
            : .number(rng.pick([1, 0.5, 0.4999, 2048, 4096, 16384, 16385, 1e7, 1e-300]))
        SceneMutator.update(&doc, at: [i][...]) { canvas in
            guard case .object(var m) = canvas else { return }
            m.removeAll { $0.key == key }
            m.append(.init(key: key, value: value))
            canvas = .object(m)
        }
    }

    /// Replaces a layer by a replicator holding it, with an instance count up to the decoder's limit: applied
    /// twice, instance counts multiply (the one place where work grows faster than the document).
    mutating func wrapInReplicator(_ doc: inout FuzzJSON) {
        let layers = SceneMutator.layerPaths(in: doc)
        guard !layers.isEmpty else { return }
        let count = FuzzJSON.number(rng.pick([2, 10, 1000, 100_000]))
        let transform = SceneVocabulary.transform(&rng, depth: 0)
        SceneMutator.update(&doc, at: rng.pick(layers)[...]) { layer in
            layer = .object([
                .init(key: "type", value: .string("replicator")),
                .init(key: "frame", value: .array([.number(0), .number(0), .number(100), .number(100)])),
                .init(key: "instanceCount", value: count),
                .init(key: "instanceTransform", value: transform),
                .init(key: "sublayers", value: .array([layer])),
            ])
        }
    }

    /// Repeats the elements of an array (path lists, colours, sublayers) a few times over.
    mutating func growArray(_ doc: inout FuzzJSON) {
        let arrays = SceneMutator.paths(in: doc) { if case .array(let a) = $0 { return !a.isEmpty }; return false }
        guard !arrays.isEmpty else { return }
        let times = rng.pick([2, 3, 8])
        SceneMutator.update(&doc, at: rng.pick(arrays)[...]) { value in
            guard case .array(let a) = value else { return }
            value = .array(Array(repeating: a, count: times).flatMap { $0 })
        }
    }
}
