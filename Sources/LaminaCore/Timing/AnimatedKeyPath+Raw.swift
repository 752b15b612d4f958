import Foundation

extension AnimatedKeyPath {
    /// Saves the stored property a key path writes on a layer and returns what writes it back as it was; nil
    /// for a layer without the property (`root`).
    ///
    /// `set` clamps (an opacity to 0...1, a radius to 0 and more) and recomposes (a transform's piece through
    /// the matrix's decomposition), so putting a model value back through `set` could leave the model other
    /// than it was: a layer's opacity of 1.5 came back as 1, a sheared transform rebuilt. A plan must leave
    /// the model exactly as it found it (`Presentation.restore`): what the next frame plans, and what a kept
    /// plan (`RetainedPlan`) stands for, is that model.
    typealias Save = @Sendable (Layer) -> (() -> Void)?

    /// The `Save` of the stored property at `path`.
    static func restorer<L: Layer, V>(_ path: ReferenceWritableKeyPath<L, V>) -> Save {
        { layer in
            guard let l = layer as? L else { return nil }
            let value = l[keyPath: path]
            return { l[keyPath: path] = value }
        }
    }
}
