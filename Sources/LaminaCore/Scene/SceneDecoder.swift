import Foundation
import LaminaImage

/// Decodes `lamina-scene/1` JSON (scene-format.md) into a `Scene`: the only place scene input is validated.
///
/// Everything a scene can get wrong is refused here with a `SceneError` that names the place as a JSON
/// pointer (or a line and column, for malformed JSON): unknown keys (with the nearest known key suggested),
/// wrong value kinds, values out of range, conflicting keys, and images that are missing or not PNG.
/// The root layer is implicit: its bounds are the canvas and its sublayers are `layers`.
///
/// Limits, so that no input can exhaust memory or the stack: JSON nesting at most 512 (`JSONSyntax`), layer
/// nesting at most `maxLayerDepth` (sublayers and masks both count), every number within ±1e7, a canvas
/// of at most 16384 pixels a side and 2^28 pixels in all with a scale in (0, 8], images of at most
/// `maxImagePixels` each and `maxImageBytes` together (read from their headers before decoding).
///
/// Extensions to scene-format.md (top-level keys, both optional):
/// - `"description"`: a string saying what the scene shows or tests; kept as `Scene.sceneDescription`.
/// - `"tolerance": {"maxDiff": 2, "maxPixels": 0, "reason": "..."}`: the parity tolerance of a corpus scene,
///   `fuzzy(maxDiff, maxPixels)` (see `Tolerance`). `maxDiff` is an integer 0...255 (default 2), `maxPixels`
///   an integer >= 0 (default 0). A tolerance looser than the default `maxDiff` of 2 must say why in `reason`.
public struct SceneDecoder {
    /// The one format string version 1 accepts.
    public static let formatName = "lamina-scene/1"
    /// Deepest layer nesting accepted (a root sublayer is depth 1; sublayers and masks both count).
    public static let maxLayerDepth = 256
    /// Largest canvas side in pixels (points x scale).
    public static let maxCanvasSide = 16384
    /// Largest canvas area in pixels.
    public static let maxCanvasPixels = 1 << 28
    /// Largest canvas scale.
    public static let maxScale = 8.0
    /// Largest image, in pixels (8192 x 8192: 256 MB decoded); checked from the PNG header before decoding.
    public static let maxImagePixels = 1 << 26
    /// Most bytes a scene's images may take decoded, with their mip chains, by default (half the default
    /// frame budget).
    public static let defaultMaxImageBytes = 1 << 30

    /// The directory relative image paths are resolved against; nil means the current directory.
    public var baseURL: URL?
    /// Most bytes the scene's images may take decoded, with their mip chains; checked from each PNG's
    /// header before it is decoded.
    public var maxImageBytes: Int

    public init(baseURL: URL? = nil, maxImageBytes: Int = SceneDecoder.defaultMaxImageBytes) {
        self.baseURL = baseURL
        self.maxImageBytes = maxImageBytes
    }

    /// Decodes a scene document from its bytes.
    public func decode(_ data: Data) throws -> Scene {
        let document = try JSONSyntax.parse(data)
        return try SceneReader(baseURL: baseURL, maxImageBytes: maxImageBytes).scene(document)
    }

    /// Every refusal of a scene file that one pass can find (each layer's first bad key, and on through the
    /// other layers), up to `limit`; empty when the scene is valid. A document that is not JSON, or whose
    /// format or canvas is refused, gives that one error.
    public func check(contentsOf url: URL, limit: Int = 50) -> (scene: Scene?, errors: [SceneError]) {
        do {
            let data = try Data(contentsOf: url)
            let document = try JSONSyntax.parse(data)
            let reader = SceneReader(baseURL: baseURL ?? url.deletingLastPathComponent(), maxImageBytes: maxImageBytes)
            reader.collected = []
            reader.maxCollected = max(1, limit)
            do {
                let scene = try reader.scene(document)
                let errors = reader.collected ?? []
                return (errors.isEmpty ? scene : nil, errors)
            } catch is SceneReader.CollectionFull {
                return (nil, reader.collected ?? [])
            } catch let e as SceneError {
                return (nil, (reader.collected ?? []) + [e])
            }
        } catch let e as SceneError {
            return (nil, [e])
        } catch {
            return (nil, [SceneError(pointer: "", message: "\(error)")])
        }
    }

    /// Reads and decodes a scene file; relative image paths resolve against its directory unless `baseURL` is set.
    public func decode(contentsOf url: URL) throws -> Scene {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? error.localizedDescription : "no such file"
            throw SceneError(pointer: "", message: "cannot read \(url.path): \(reason)")
        }
        let document = try JSONSyntax.parse(data)
        let scene = try SceneReader(baseURL: baseURL ?? url.deletingLastPathComponent(), maxImageBytes: maxImageBytes).scene(document)
        scene.sourceURL = url
        return scene
    }
}

/// The state of one decode: where images resolve, and the images loaded so far (shared by reference).
final class SceneReader {
    let baseURL: URL?
    var imagesByName: [String: Bitmap] = [:]
    var bitmapCache: [String: Bitmap] = [:]
    /// Decoded bytes of the images read so far (with mip chains), against `SceneDecoder.maxImageBytes`.
    var imageBytes = 0
    let maxImageBytes: Int
    /// When collecting (`SceneDecoder.check`), the refusals met so far; nil throws the first.
    var collected: [SceneError]?
    var maxCollected = 50

    init(baseURL: URL?, maxImageBytes: Int = SceneDecoder.defaultMaxImageBytes) {
        self.baseURL = baseURL
        self.maxImageBytes = maxImageBytes
    }

    /// Runs `body`; when collecting, a refusal is noted (up to `maxCollected`, past which decoding stops) and
    /// nil returned, so the rest of the document is still read.
    func attempt<T>(_ body: () throws -> T) throws -> T? {
        do { return try body() } catch let e as SceneError where collected != nil {
            collected?.append(e)
            if (collected?.count ?? 0) >= maxCollected { throw CollectionFull() }
            return nil
        }
    }

    /// Thrown past `maxCollected` refusals: not a refusal itself, so no `attempt` above notes it again.
    struct CollectionFull: Error {}

    /// `$schema` names the JSON Schema (`lamina schema`) for editors; the decoder ignores its value.
    static let documentKeys = ["$schema", "format", "canvas", "images", "layers", "tolerance", "description", "time"]

    /// The whole document: format, canvas, tolerance, images, then the layer tree.
    func scene(_ document: JSONValue) throws -> Scene {
        let f = try ObjectFields(document, at: .root, what: "a scene object {\"format\": \"\(SceneDecoder.formatName)\", ...}")
        guard let format = f["format"] else {
            throw SceneError(pointer: "", message: "missing \"format\"; a scene starts with \"format\": \"\(SceneDecoder.formatName)\"")
        }
        guard case .string(SceneDecoder.formatName) = format else {
            throw SceneError(f.pointer / "format", "expected \"\(SceneDecoder.formatName)\", found \(format.kindDescription)")
        }
        try f.rejectUnknown(SceneReader.documentKeys)
        guard let canvasValue = f["canvas"] else {
            throw SceneError(pointer: "", message: "missing \"canvas\"; expected {\"width\": w, \"height\": h}")
        }
        let scene = try canvas(canvasValue, at: .root / "canvas")
        scene.sceneDescription = try f.read("description") { try $0.string(at: $1) }
        scene.tolerance = try f.read("tolerance") { try self.tolerance($0, at: $1) }
        scene.time = try f.read("time") { try $0.number(at: $1) }
        if let table = f["images"] { try imageTable(table, at: .root / "images") }
        if let list = f["layers"] {
            guard case .array(let items) = list else { throw list.fail(.root / "layers", expected: "a list of layers") }
            for (i, item) in items.enumerated() {
                if let l = try attempt({ try layer(item, at: .root / "layers" / i, depth: 1) }) { scene.root.addSublayer(l) }
            }
        }
        return scene
    }

    private func canvas(_ v: JSONValue, at p: JSONPointer) throws -> Scene {
        let f = try ObjectFields(v, at: p, what: "a canvas object {\"width\": w, \"height\": h}")
        try f.rejectUnknown(["width", "height", "scale", "background"]) { key in
            ["backgroundColor", "color", "backgroundColour"].contains(key)
                ? "the canvas's colour is \"background\" (backgroundColor is a layer key)" : nil
        }
        guard let w = f["width"] else { throw SceneError(p, "missing \"width\" (the canvas width in points)") }
        guard let h = f["height"] else { throw SceneError(p, "missing \"height\" (the canvas height in points)") }
        let width = try w.positive(at: p / "width"), height = try h.positive(at: p / "height")
        let scale = try f.read("scale") { try $0.number(at: $1) } ?? 1
        guard scale > 0, scale <= SceneDecoder.maxScale else {
            throw SceneError(p / "scale", "expected a scale in (0, \(formatNumber(SceneDecoder.maxScale))], found \(formatNumber(scale))")
        }
        let limit = "at most \(SceneDecoder.maxCanvasSide) pixels a side and \(SceneDecoder.maxCanvasPixels) in all"
        let pw = (width * scale).rounded(), ph = (height * scale).rounded()
        for (key, points, pixels) in [("width", width, pw), ("height", height, ph)] where pixels > Double(SceneDecoder.maxCanvasSide) {
            throw SceneError(p / key, "canvas \(key) \(formatNumber(points)) at scale \(formatNumber(scale)) is \(formatNumber(pixels)) pixels; \(limit)")
        }
        guard pw * ph <= Double(SceneDecoder.maxCanvasPixels) else {
            throw SceneError(p, "canvas is \(formatNumber(pw))x\(formatNumber(ph)) = \(formatNumber(pw * ph)) pixels; \(limit)")
        }
        guard pw >= 1, ph >= 1 else {
            throw SceneError(p, "canvas is \(formatNumber(pw))x\(formatNumber(ph)) pixels at scale \(formatNumber(scale)); it needs at least 1x1")
        }
        let background = try f.read("background") { try $0.color(at: $1) } ?? .clear
        return Scene(width: width, height: height, scale: scale, background: background)
    }

    private func tolerance(_ v: JSONValue, at p: JSONPointer) throws -> Tolerance {
        let f = try ObjectFields(v, at: p, what: "a tolerance object {\"maxDiff\": n, \"maxPixels\": n, \"reason\": \"...\"}")
        try f.rejectUnknown(["maxDiff", "maxPixels", "reason"])
        let maxDiff = try f.read("maxDiff") { try $0.integer(at: $1, in: 0...255) } ?? Tolerance.default.maxDiff
        let maxPixels = try f.read("maxPixels") { try $0.integer(at: $1, in: 0...SceneDecoder.maxCanvasPixels) }
            ?? Tolerance.default.maxPixels
        let reason = try f.read("reason") { try $0.string(at: $1) }
        if maxDiff > Tolerance.default.maxDiff, (reason ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw SceneError(p, "a tolerance looser than maxDiff \(Tolerance.default.maxDiff) must say why in \"reason\"")
        }
        return Tolerance(maxDiff: maxDiff, maxPixels: maxPixels, reason: reason)
    }
}
