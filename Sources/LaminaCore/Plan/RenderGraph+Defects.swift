import Foundation

/// A render graph that breaks its own contract: a pass that reads a pass not yet rendered (or itself), an
/// image with no pixels, no pass at all. Always a planner bug, never a property of the scene. Both renderers
/// check a graph with `RenderGraph.defect` before they run it and throw this, so the same defect reads the
/// same on the CPU and on the GPU.
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
                for op in ops {
                    guard case .texture(let t) = op.kind else { continue }
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
