import Foundation
import LaminaCore
import LaminaGraph

extension Lamina {
    /// A layer tree built in Swift as a scene document (`lamina-scene/1` JSON), which `lamina render` and
    /// `SceneDecoder` read back into a tree that draws the same pixels: the layer placed as
    /// ``render(_:size:scale:background:backend:at:)`` places it (its bounds fill the canvas), with its
    /// sublayers, mask, drawing and animations (`SceneEncoder` lists what is written).
    ///
    /// - Parameters:
    ///   - layer: The layer to write, with its subtree. It stays where it is in its tree.
    ///   - size: The canvas in points; nil for the layer's bounds.
    ///   - scale: The canvas's pixels per point.
    ///   - background: The canvas's colour; transparent by default.
    ///   - imagesDirectory: Where images are written as PNG files `<imagePrefix>-<n>.png` (save the document
    ///     there too: it names them relative to it); nil embeds them in the document as data URIs.
    ///   - imagePrefix: The images' file name prefix.
    /// - Returns: The document's text.
    /// - Throws: `SceneEncoder.EncodeError` naming the layer (its path in the document) and the property that
    ///   cannot be written; ``LaminaKitError/emptyImage(width:height:scale:)`` for a canvas with no pixels; the
    ///   file system's error when an image cannot be written.
    public static func scene(from layer: Layer, size: CGSize? = nil, scale: Double = 1, background: Color = .clear,
                             imagesDirectory: URL? = nil, imagePrefix: String = "image") throws -> String {
        try withScene(of: layer, size: size, scale: scale, background: background) { scene in
            try SceneEncoder.document(for: scene, imagesDirectory: imagesDirectory, imagePrefix: imagePrefix)
        }
    }
}
