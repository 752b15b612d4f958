/// Finding and editing values of a `FuzzJSON` tree by path (member or element indices from the root).
import LaminaGeometry
extension SceneMutator {
    /// The number of members or elements of a container; 0 for scalars.
    static func count(of value: FuzzJSON) -> Int {
        switch value {
        case .object(let m): return m.count
        case .array(let a): return a.count
        default: return 0
        }
    }

    /// The paths of every value in `doc` (the root included) that satisfies `matches`, in document order.
    static func paths(in doc: FuzzJSON, where matches: (FuzzJSON) -> Bool) -> [Path] {
        var found: [Path] = []
        var prefix: Path = []
        func walk(_ v: FuzzJSON) {
            if matches(v) { found.append(prefix) }
            switch v {
            case .object(let members):
                for (i, m) in members.enumerated() { prefix.append(i); walk(m.value); prefix.removeLast() }
            case .array(let items):
                for (i, item) in items.enumerated() { prefix.append(i); walk(item); prefix.removeLast() }
            default: break
            }
        }
        walk(doc)
        return found
    }

    /// The paths of the layer objects of a scene: the elements of `layers`, and recursively of each layer's
    /// `sublayers` and its `mask`.
    static func layerPaths(in doc: FuzzJSON) -> [Path] {
        var found: [Path] = []
        func layer(_ v: FuzzJSON, at path: Path) {
            guard let members = v.members else { return }
            found.append(path)
            for (i, m) in members.enumerated() {
                if m.key == "mask" { layer(m.value, at: path + [i]) }
                if m.key == "sublayers" { list(m.value, at: path + [i]) }
            }
        }
        func list(_ v: FuzzJSON, at path: Path) {
            guard case .array(let items) = v else { return }
            for (j, item) in items.enumerated() { layer(item, at: path + [j]) }
        }
        for (i, m) in (doc.members ?? []).enumerated() where m.key == "layers" { list(m.value, at: [i]) }
        return found
    }

    /// The value at `path`, or nil when the path leads nowhere.
    static func value(in doc: FuzzJSON, at path: ArraySlice<Int>) -> FuzzJSON? {
        guard let first = path.first else { return doc }
        switch doc {
        case .object(let m) where m.indices.contains(first): return value(in: m[first].value, at: path.dropFirst())
        case .array(let a) where a.indices.contains(first): return value(in: a[first], at: path.dropFirst())
        default: return nil
        }
    }

    /// Applies `edit` to the value at `path`; nothing happens when the path leads nowhere.
    static func update(_ doc: inout FuzzJSON, at path: ArraySlice<Int>, _ edit: (inout FuzzJSON) -> Void) {
        guard let first = path.first else { edit(&doc); return }
        switch doc {
        case .object(var m) where m.indices.contains(first):
            doc = .null                        // drop the enum's reference so the array is edited in place
            update(&m[first].value, at: path.dropFirst(), edit)
            doc = .object(m)
        case .array(var a) where a.indices.contains(first):
            doc = .null
            update(&a[first], at: path.dropFirst(), edit)
            doc = .array(a)
        default: break
        }
    }
}
