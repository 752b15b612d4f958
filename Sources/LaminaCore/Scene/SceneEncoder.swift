import Foundation
import LaminaImage
import LaminaGraph
import LaminaGeometry

/// Writes a scene (or a layer tree built in Swift) as a `lamina-scene/1` document that decodes to the same
/// tree: `SceneDecoder().decode(SceneEncoder().encode(scene).json)` draws the same pixels as `scene`.
///
/// Rules:
/// - Every layer type and every key the decoder reads is written: geometry, appearance, shadows (a
///   `shadowPath` as SVG path data), contents with its rect, centre, gravity, filters and scale, masks,
///   sublayers, the layer's timing keys and animations of every kind (a transition with its `from` old
///   appearance), and the layer's drawing: a `draw` closure, a delegate or a `draw(in:)` override is run
///   once and its calls are written as the `drawing` commands.
/// - A key is written only where its value differs from the default (a transition's old appearance writes
///   every key, so that none of the layer's own keys shows through). `frame` is written instead of `bounds`
///   and `position` only where setting it gives back exactly the same bounds and position.
/// - Numbers are written in Swift's shortest round-tripping form, so each decodes to the same Double.
/// - Images are embedded as `data:image/png;base64` URIs, or named `<prefix>-<n>.png` for the caller to write
///   beside the document (`ImageStorage`); one bitmap referenced twice is written once.
/// - Nothing is dropped silently: a layer of a class the format has no type for, or a value the decoder
///   would refuse (an opacity above 1, a number beyond ±1e7, a colour component outside 0...1, a keyframe
///   animation whose key times do not match its values), throws `SceneEncoder.EncodeError`, naming the layer
///   by its path in the tree and the property.
/// Keys are written in a fixed order, so exports diff cleanly.
public struct SceneEncoder {
    /// Where an exported document's images go.
    public enum ImageStorage: Sendable, Equatable {
        /// Inside the document, as `data:image/png;base64,` URIs.
        case embedded
        /// Files `<prefix>-<n>.png` beside the document, listed in `Output.images` for the caller to write.
        case files(prefix: String)
    }

    /// Why a tree cannot be written as a scene document.
    public enum EncodeError: Error, CustomStringConvertible, Equatable {
        /// `property` of the layer at `layer` (a JSON pointer such as `/layers/0/sublayers/2`, with the
        /// layer's name) has no spelling in the scene format, or a value the decoder would refuse (`reason`).
        case unsupported(layer: String, property: String, reason: String)

        public var description: String {
            switch self {
            case let .unsupported(layer, property, reason):
                return "cannot export the layer at \(layer): \(property): \(reason)"
            }
        }
    }

    /// What an export produced: the document, and the images it names (empty when they are embedded).
    public struct Output {
        public var json: Data
        public var images: [(fileName: String, bitmap: Bitmap)]
        /// The document as text.
        public var text: String { String(decoding: json, as: UTF8.self) }
    }

    public var imageStorage: ImageStorage

    public init(images: ImageStorage = .embedded) { imageStorage = images }

    /// Encodes `scene`, then checks the document by decoding it (with a one-pixel stand-in for each image), so
    /// that a value the decoder would refuse is thrown here, at the layer and property it belongs to.
    public func encode(_ scene: Scene) throws -> Output {
        let output = try unchecked(scene, storage: imageStorage)
        // Without images the document is its own probe.
        let probe = output.images.isEmpty ? output : try unchecked(scene, storage: .placeholder)
        do {
            _ = try SceneDecoder(maxErrors: 1).decode(probe.json)
        } catch let e as SceneError {
            throw Self.located(e)
        }
        return output
    }

    /// The document for `scene` as text. With `imagesDirectory` its images are written there as PNG files
    /// `<imagePrefix>-<n>.png` (the document names them relative to that directory, so save it there); without,
    /// they are embedded as data URIs.
    public static func document(for scene: Scene, imagesDirectory: URL? = nil, imagePrefix: String = "image") throws -> String {
        guard let dir = imagesDirectory else { return try SceneEncoder(images: .embedded).encode(scene).text }
        let out = try SceneEncoder(images: .files(prefix: imagePrefix)).encode(scene)
        if !out.images.isEmpty { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        for (file, bitmap) in out.images {
            try AtomicFile.write(try PNG.encode(bitmap.image), to: dir.appendingPathComponent(file))
        }
        return out.text
    }

    // MARK: Walking the tree

    enum Storage { case embedded, files(String), placeholder }

    private func unchecked(_ scene: Scene, storage: ImageStorage) throws -> Output {
        switch storage {
        case .embedded: return try unchecked(scene, storage: Storage.embedded)
        case .files(let prefix): return try unchecked(scene, storage: .files(prefix))
        }
    }

    private func unchecked(_ scene: Scene, storage: Storage) throws -> Output {
        var state = State(storage: storage)
        var canvas = JSONObjectText()
        canvas["width"] = number(scene.width)
        canvas["height"] = number(scene.height)
        canvas["scale"] = number(scene.scale)
        canvas["background"] = color(scene.background)
        var doc = JSONObjectText()
        doc["format"] = quoted(SceneDecoder.formatName)
        if let d = scene.sceneDescription { doc["description"] = quoted(d) }
        if let t = scene.tolerance {
            var o = JSONObjectText()
            o["maxDiff"] = String(t.maxDiff); o["maxPixels"] = String(t.maxPixels)
            if let r = t.reason { o["reason"] = quoted(r) }
            doc["tolerance"] = o.text
        }
        if let time = scene.time { doc["time"] = number(time) }
        doc["canvas"] = canvas.text
        let layers = try scene.root.sublayersValue.enumerated().map { i, l in
            try layer(l, path: "/layers/\(i)", &state, indent: "  ")
        }
        doc["layers"] = list(layers, indent: "")
        let text = doc.text + "\n"
        return Output(json: Data(text.utf8), images: state.images)
    }

    struct State {
        let storage: Storage
        var names: [ObjectIdentifier: String] = [:]
        var images: [(fileName: String, bitmap: Bitmap)] = []

        /// The reference the document writes for `bitmap` (a file name or a data URI), made once per bitmap.
        mutating func reference(for bitmap: Bitmap) throws -> String {
            if let n = names[ObjectIdentifier(bitmap)] { return n }
            let n: String
            switch storage {
            case .files(let prefix):
                n = "\(prefix)-\(images.count).png"
                images.append((n, bitmap))
            case .embedded:
                n = SceneReader.dataURIPrefix + (try PNG.encode(bitmap.image)).base64EncodedString()
            case .placeholder:
                n = SceneEncoder.placeholderImage
            }
            names[ObjectIdentifier(bitmap)] = n
            return n
        }
    }

    /// A one-pixel PNG that stands in for every image while a document is checked.
    static let placeholderImage: String = {
        let png = (try? PNG.encode(Image(width: 1, height: 1))) ?? Data()
        return SceneReader.dataURIPrefix + png.base64EncodedString()
    }()

    /// One layer object, with its mask and sublayers. `full` writes every key, defaults included (a
    /// transition's old appearance, which is read over the layer's own keys).
    func layer(_ l: Layer, path: String, _ state: inout State, indent: String, full: Bool = false) throws -> String {
        let name = Self.describe(l, at: path)
        guard Self.exports(l) else {
            throw EncodeError.unsupported(layer: name, property: "type",
                                          reason: "\(type(of: l)) is a layer class the scene format has no type for")
        }
        var o = JSONObjectText()
        if !full { specificType(l, into: &o) }
        try keys(l, defaults: Self.defaults(for: l), full: full, into: &o, &state)
        try specificKeys(l, full: full, into: &o)
        let inner = indent + "  "
        if let commands = l.recordedDrawing() {
            o["drawing"] = list(try commands.map { try drawingCommand($0, &state) }, indent: inner)
        } else if full {
            o["drawing"] = "null"
        }
        try timingKeys(l, path: path, full: full, into: &o, &state, indent: inner)
        if let m = l.mask { o["mask"] = try layer(m, path: path + "/mask", &state, indent: inner) }
        if !l.sublayersValue.isEmpty {
            let subs = try l.sublayersValue.enumerated().map { i, s in
                try layer(s, path: path + "/sublayers/\(i)", &state, indent: inner + "  ")
            }
            o["sublayers"] = list(subs, indent: inner)
        }
        return o.text
    }

    static func describe(_ l: Layer, at path: String) -> String {
        l.name.map { "\(path) (\(JSONText.quoted($0)))" } ?? path
    }

    /// A decoder refusal of an encoded document as the layer and property it came from.
    static func located(_ e: SceneError) -> EncodeError {
        let parts = e.pointer.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The layer is the longest prefix that ends at a layer: `/layers/N`, `/sublayers/N` or `/mask`.
        var end = 0
        var i = 1
        while i < parts.count {
            if (parts[i] == "layers" || parts[i] == "sublayers"), i + 1 < parts.count, Int(parts[i + 1]) != nil {
                end = i + 1; i += 2
            } else if parts[i] == "mask" {
                end = i; i += 1
            } else {
                break
            }
        }
        let layer = end == 0 ? "/" : parts[0...end].joined(separator: "/")
        let property = parts[(end + 1)...].joined(separator: "/")
        return .unsupported(layer: layer, property: property.isEmpty ? "(the layer)" : property, reason: e.message)
    }
}
