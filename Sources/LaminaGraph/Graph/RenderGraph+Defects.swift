import Foundation

/// A render graph that breaks its own contract: a pass that reads a pass not yet rendered (or itself), an
/// image with no pixels, no pass at all. Always a
/// planner bug, never a property of the scene. Both renderers check a graph with `RenderGraph.defect` before
/// they run it and throw this, so the same defect reads the same on the CPU and on the GPU; what either meets
/// while running (a defect the check does not look for) it throws as this type too, so the CPU renderer has
/// no error type of its own.
public struct RenderGraphDefect: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = "invalid render graph: " + description }
}

extension RenderGraph {
    /// The first way this graph breaks its contract, in pass order; nil for a valid graph. O(operations).
    public var defect: RenderGraphDefect? {
        guard !passes.isEmpty else { return RenderGraphDefect("it has no pass") }
        var rendered = Set<PassID>()
        for pass in passes {
            switch pass.content {
            case .blur(let source, _, _):
                guard rendered.contains(source) else { return RenderGraphDefect("\(pass.id) blurs \(source) before it is rendered") }
            case .draw(let ops):
                // By index: a pass of thousands of operations is not copied one operation at a time.
                for i in ops.indices {
                    guard let t = ops[i].texture else { continue }
                    switch t.source {
                    case .pass(let id) where id == pass.id:
                        return RenderGraphDefect("\(pass.id) samples itself")
                    case .pass(let id) where !rendered.contains(id):
                        return RenderGraphDefect("\(pass.id) reads \(id) before it is rendered")
                    case .image(let id) where image(id)?.bitmap == nil:
                        return RenderGraphDefect("\(pass.id) reads \(id), which has no pixels")
                    default: break
                    }
                    if let m = t.mask, !rendered.contains(m) {
                        return RenderGraphDefect("\(pass.id) is masked by \(m) before it is rendered")
                    }
                }
            }
            rendered.insert(pass.id)
        }
        return nil
    }
}

/// What a retained pass's pixels are a function of (`Pass.retainKey`): compared whole, so two keys are equal
/// only when everything that decides the bytes is. Its hash is computed once, when it is made: a key may hold thousands of operations and is looked up
/// several times a frame.
public struct PassRetainKey: Hashable, @unchecked Sendable {
    private let value: AnyHashable
    private let hash: Int
    public init(_ value: AnyHashable) { self.value = value; hash = value.hashValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    public static func == (a: PassRetainKey, b: PassRetainKey) -> Bool { a.hash == b.hash && a.value == b.value }
}

extension RenderGraph {
    /// The passes a renderer must execute when it already holds the results of `retained`: the canvas, and
    /// every pass that a pass it executes reads (blur sources, texture sources and masks), following no
    /// reads out of a retained pass. O(operations).
    public func passesToRun(retained: Set<PassID>) -> Set<PassID> {
        guard let canvas = passes.last else { return [] }
        var needed: Set<PassID> = [canvas.id]
        for pass in passes.reversed() where needed.contains(pass.id) && !retained.contains(pass.id) {
            needed.formUnion(pass.reads)
        }
        return needed.subtracting(retained)
    }

    /// The indices into `passes` of the passes in `running`, by level, each level in pass order: a pass's
    /// level is one more than the highest level of the passes it reads (`Pass.reads`), so the passes of one
    /// level read only passes of lower levels, and a renderer may run them at once.
    public func levels(running: Set<PassID>) -> [[Int]] {
        var level: [PassID: Int] = [:]
        var levels: [[Int]] = []
        for (i, pass) in passes.enumerated() where running.contains(pass.id) {
            var l = 0
            for input in pass.reads { if let below = level[input] { l = max(l, below + 1) } }
            level[pass.id] = l
            while levels.count <= l { levels.append([]) }
            levels[l].append(i)
        }
        return levels
    }
}

extension Pass {
    /// The passes this pass reads: a blur's source; a draw's texture sources and masks.
    public var reads: [PassID] {
        switch content {
        case .blur(let source, _, _):
            return [source]
        case .draw(let ops):
            var ids: [PassID] = []
            for i in ops.indices {
                guard let t = ops[i].texture else { continue }
                if case .pass(let id) = t.source { ids.append(id) }
                if let m = t.mask { ids.append(m) }
            }
            return ids
        }
    }
}
