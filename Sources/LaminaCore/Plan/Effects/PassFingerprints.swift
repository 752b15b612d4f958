import LaminaGeometry
import LaminaGraph

/// What a pass's pixels are a function of, compared whole: its size, whether it is gray, and its operations
/// (with the passes they read, by their own fingerprints) or the blur and what it blurs.
struct PassFingerprint: Hashable {
    let width: Int, height: Int, isGray: Bool
    let content: Content

    indirect enum Content: Hashable {
        /// Operations whose pass reads name `reads` by index, in the order they are met.
        case draw([DrawOp], reads: [PassFingerprint])
        case blur(PassFingerprint, sigma: Double, method: BlurMethod)

        /// What `==` compares, a path's points sampled (`DrawOp.hashSamplingPaths`): a key is hashed each
        /// frame, and a group of strokes holds their outlines.
        func hash(into hasher: inout Hasher) {
            switch self {
            case .draw(let ops, let reads):
                hasher.combine(0)
                hasher.combine(ops.count)
                for op in ops { op.hashSamplingPaths(into: &hasher) }
                hasher.combine(reads)
            case .blur(let source, let sigma, let method):
                hasher.combine(1)
                hasher.combine(source)
                hasher.combine(sigma)
                hasher.combine(method)
            }
        }
    }
}

/// Fingerprints of passes by content, over one planned graph's passes (indexed once): the key a rasterized
/// layer's bitmap, a blur, or a group's or mask's pass is kept under between frames
/// (`GraphBuilder.keyRetainedPasses`). A pass's pixels are a function of its fingerprint, so a subtree that
/// did not change between two frames is drawn once (a timeline's cache hit) and one that animates is drawn
/// again (a miss). The passes an operation reads (a
/// shadow's blur, a mask) are fingerprinted by their own content, their identifiers numbered in the order
/// they are met, so a layer that only moves keeps its key. Nil, never kept, when it reads an image (an
/// identifier names different pixels from plan to plan), or past 64 passes or 4 096 operations a pass: the
/// key is hashed and compared each frame, so its size is bounded.
struct PassFingerprints {
    static let passBudget = 64
    static let operationsPerPass = 4096

    private let passes: [Pass]
    private let index: [PassID: Int]

    init(_ passes: [Pass]) {
        self.passes = passes
        index = Dictionary(passes.indices.map { (passes[$0].id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The key of pass `id`, or nil when it cannot be fingerprinted (see the type).
    func key(of id: PassID) -> PassRetainKey? {
        var budget = Self.passBudget
        return fingerprint(id, budget: &budget).map { PassRetainKey($0) }
    }

    private func fingerprint(_ id: PassID, budget: inout Int) -> PassFingerprint? {
        budget -= 1
        guard budget >= 0, let i = index[id] else { return nil }
        let pass = passes[i]
        let content: PassFingerprint.Content
        switch pass.content {
        case .draw(let ops):
            guard let (canon, reads) = canonical(ops, budget: &budget) else { return nil }
            content = .draw(canon, reads: reads)
        case .blur(let source, let sigma, let method):
            guard source != id, let inner = fingerprint(source, budget: &budget) else { return nil }
            content = .blur(inner, sigma: sigma, method: method)
        }
        return PassFingerprint(width: pass.width, height: pass.height, isGray: pass.isGray, content: content)
    }

    /// `ops` with the passes they read renumbered in the order met, and those passes' fingerprints.
    private func canonical(_ ops: [DrawOp], budget: inout Int) -> ([DrawOp], [PassFingerprint])? {
        guard ops.count <= Self.operationsPerPass else { return nil }
        var refs: [PassID] = [], order: [PassID: Int] = [:]
        func renumbered(_ id: PassID) -> PassID {
            if let k = order[id] { return PassID(k) }
            order[id] = refs.count
            refs.append(id)
            return PassID(refs.count - 1)
        }
        var canon = ops
        for i in canon.indices {
            guard case .texture(var t) = canon[i].paint else { continue }
            guard case .pass(let id) = t.source else { return nil }
            t.source = .pass(renumbered(id))
            t.mask = t.mask.map(renumbered)
            canon[i].paint = .texture(t)
        }
        var reads: [PassFingerprint] = []
        for id in refs {
            guard let inner = fingerprint(id, budget: &budget) else { return nil }
            reads.append(inner)
        }
        return (canon, reads)
    }
}
