import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

/// One generated benchmark scene: a name, what it exercises, its advertised size, and how to build it.
///
/// Scenes are built on demand (`makeScene()`), not stored, because a `Scene` is a mutable layer tree and
/// some hold large images; building the same `BenchScene` twice gives equal trees (the generator is
/// seeded by the scene's `seed`, see `SplitMix64`).
public struct BenchScene: Sendable {
    /// Which growth table a scene is a point of.
    public enum Sweep: Sendable, Hashable {
        /// The layer-count sweep: the same small card, `n` times.
        case layerCount(Int)
        /// The shadow-radius sweep: the same cards, shadowRadius in points.
        case shadowRadius(Double)
    }

    /// Stable, file-name safe (`cards-200@2x`); `--filter` matches it.
    public let name: String
    /// One line: what the scene exercises.
    public let summary: String
    /// Layers in the tree, the root excluded, masks included.
    public let layerCount: Int
    /// Canvas in points, and pixels per point.
    public let width: Double, height: Double, scale: Double
    public let sweep: Sweep?
    /// What the generator is seeded with: the name, less any `@Nx` scale suffix, so scale twins match.
    public let seed: String
    private let build: @Sendable (Scene, inout SplitMix64) -> Void

    init(name: String, summary: String, layerCount: Int, width: Double = BenchScenes.canvasPixels.width,
         height: Double = BenchScenes.canvasPixels.height, scale: Double = 1, sweep: Sweep? = nil,
         seed: String? = nil, build: @escaping @Sendable (Scene, inout SplitMix64) -> Void) {
        self.name = name; self.summary = summary; self.layerCount = layerCount
        self.width = width / scale; self.height = height / scale; self.scale = scale
        self.sweep = sweep; self.build = build
        self.seed = seed ?? name
    }

    /// Output size in pixels.
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }

    /// Builds the layer tree (deterministic: the generator is seeded with `seed`).
    public func makeScene() -> Scene {
        let scene = Scene(width: width, height: height, scale: scale, background: BenchScenes.background)
        scene.sceneDescription = "lamina bench scene \(name): \(summary)"
        var rng = SplitMix64(name: seed)
        build(scene, &rng)
        return scene
    }
}

extension Layer {
    /// This layer and every layer below it, sublayers and masks both (the count `BenchScene` advertises,
    /// plus one for this layer).
    public var treeLayerCount: Int {
        1 + (mask?.treeLayerCount ?? 0) + sublayersValue.reduce(0) { $0 + $1.treeLayerCount }
    }
}
