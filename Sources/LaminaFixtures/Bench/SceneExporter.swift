import Foundation
import LaminaCore
import LaminaImage

/// Writes a layer tree back out as `lamina-scene/1` JSON with its images as files beside it, so tools
/// outside Swift (tools/skia_bench.py) draw exactly the scenes `lamina bench` generates. A thin front of
/// `SceneEncoder` (in LaminaCore), which covers every layer type and key and throws for anything it cannot
/// write.
public struct SceneExporter {
    public typealias ExportError = SceneEncoder.EncodeError
    public typealias Output = SceneEncoder.Output

    /// The prefix of image file names; an image is `<prefix>-<n>.png`.
    public var imagePrefix: String

    public init(imagePrefix: String) { self.imagePrefix = imagePrefix }

    public func export(_ scene: Scene) throws -> Output {
        try SceneEncoder(images: .files(prefix: imagePrefix)).encode(scene)
    }
}
