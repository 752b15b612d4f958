extension Layer {
    /// The sublayers in drawing order, with their index in `sublayers`: ascending zPosition, then sublayer order
    /// (a stable sort, as Core Animation's for equal z). Hit testing walks it backwards.
    var sublayersInDrawingOrder: [(offset: Int, element: Layer)] {
        // Already in order (every zPosition the same, the common case): no sort of thousands of sublayers.
        let layers = sublayersValue
        if zip(layers, layers.dropFirst()).allSatisfy({ $0.zPosition <= $1.zPosition }) {
            return layers.enumerated().map { (offset: $0.offset, element: $0.element) }
        }
        return layers.enumerated().sorted { a, b in
            a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
        }.map { (offset: $0.offset, element: $0.element) }
    }
}
