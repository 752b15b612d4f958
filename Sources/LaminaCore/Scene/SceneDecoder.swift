import Foundation
import LaminaImage

/// Decodes `lamina-scene/1` JSON (scene-format.md) into a `Scene`: the only place scene input is validated.
///
/// Everything a scene can get wrong is refused here with a `SceneError` that names the place as a JSON
/// pointer (or a line and column, for malformed JSON): unknown keys (with the nearest known key suggested),
/// wrong value kinds, values out of range, conflicting keys, and images that are missing or not PNG.
/// One decode finds every refusal it can: past a bad key it goes on with the key's default, past a bad
/// layer, animation, drawing command or image with the next, and the error it throws lists them all in
/// document order (up to `maxErrors`, the rest counted). Malformed JSON stops the parser: one refusal.
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

    /// Most refusals one decode lists (the rest are counted, `SceneError.unlistedCount`); at most `maxErrorLimit`.
    public var maxErrors: Int

    /// Refusals a decode lists by default.
    public static let defaultMaxErrors = 100
    /// The most `maxErrors` may be: a list longer than this helps nobody, and each costs memory.
    public static let maxErrorLimit = 10_000
    /// Most refusals a decode counts (or `maxErrors`, if higher): past it, it stops reading the scene.
    public static let maxErrorsCounted = SceneErrorLog.maxCounted

    public init(baseURL: URL? = nil, maxImageBytes: Int = SceneDecoder.defaultMaxImageBytes,
                maxErrors: Int = SceneDecoder.defaultMaxErrors) {
        self.baseURL = baseURL
        self.maxImageBytes = maxImageBytes
        self.maxErrors = maxErrors
    }

    /// Decodes a scene document from its bytes.
    ///
    /// - Throws: `SceneError` listing every refusal found (`SceneError.all`), in document order, up to
    ///   `maxErrors`; malformed JSON is one refusal, at its line and column.
    public func decode(_ data: Data) throws -> Scene {
        try decode(bytes: [UInt8](data), baseURL: baseURL)
    }

    /// Every refusal of a scene file, in document order, up to `limit` (bounded by `maxErrorLimit`), and how
    /// many more were found; the scene when there are none. A document that is not JSON gives that one error.
    public func check(contentsOf url: URL, limit: Int = SceneDecoder.defaultMaxErrors)
        -> (scene: Scene?, errors: [SceneError], unlisted: Int) {
        var decoder = self
        decoder.maxErrors = limit
        do {
            let scene = try decoder.decode(contentsOf: url)
            return (scene, [], 0)
        } catch let e as SceneError {
            return (nil, e.all, e.unlistedCount)
        } catch {
            return (nil, [SceneError(pointer: "", message: "\(error)")], 0)
        }
    }

    /// Reads and decodes a scene file; relative image paths resolve against its directory unless `baseURL` is set.
    ///
    /// - Throws: `SceneError` listing every refusal found, as `decode(_:)` does.
    public func decode(contentsOf url: URL) throws -> Scene {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? error.localizedDescription : "no such file"
            throw SceneError(pointer: "", message: "cannot read \(url.path): \(reason)")
        }
        let scene = try decode(bytes: [UInt8](data), baseURL: baseURL ?? url.deletingLastPathComponent())
        scene.sourceURL = url
        return scene
    }

    /// Parses, then reads the whole document noting every refusal; throws them together, in document order.
    private func decode(bytes: [UInt8], baseURL: URL?) throws -> Scene {
        let document = try JSONParser.parse(bytes)
        let limit = min(max(1, maxErrors), SceneDecoder.maxErrorLimit)
        let reader = SceneReader(baseURL: baseURL, maxImageBytes: maxImageBytes, log: SceneErrorLog(limit: limit))
        var scene: Scene?
        do { scene = try reader.scene(document) } catch let e as SceneError {
            try? reader.log.note(e)
        } catch is SceneErrorLog.Reported {
        } catch is SceneErrorLog.Full {}
        if let scene, reader.log.isEmpty { return scene }
        let listed = JSONLocator.documentOrder(reader.log.listed, in: bytes)
        var error = SceneError(listing: listed, unlisted: reader.log.unlisted, limit: limit)
        error.countStopped = reader.log.stopped
        throw error
    }
}

/// The state of one decode: where images resolve, the images loaded so far (shared by reference), and the
/// refusals met so far.
final class SceneReader {
    let baseURL: URL?
    var imagesByName: [String: Bitmap] = [:]
    /// Names in `images` whose image was refused (and noted): a reference to one is dropped without a second refusal.
    var refusedImageNames: Set<String> = []
    var bitmapCache: [String: Bitmap] = [:]
    /// Decoded bytes of the images read so far (with mip chains), against `SceneDecoder.maxImageBytes`.
    var imageBytes = 0
    let maxImageBytes: Int
    /// The refusals met so far.
    let log: SceneErrorLog
    /// A reader of one chunk of a long layer list, read on another core (`SceneDecoder+Chunks.swift`): it
    /// loads no image file and reads nothing that would be shared, so its result is kept only when it met
    /// no refusal.
    var isChunkReader = false

    init(baseURL: URL?, maxImageBytes: Int = SceneDecoder.defaultMaxImageBytes,
         log: SceneErrorLog = SceneErrorLog(limit: SceneDecoder.defaultMaxErrors)) {
        self.baseURL = baseURL
        self.maxImageBytes = maxImageBytes
        self.log = log
    }

    /// Runs `body`; a refusal is noted and nil returned, so the rest of the document is still read.
    func attempt<T>(_ body: () throws -> T) throws -> T? {
        do { return try body() } catch let e as SceneError {
            try log.note(e)
        } catch is SceneErrorLog.Reported {}
        return nil
    }

    /// The object at `p` as fields that note their refusals in this decode's log.
    func fields(_ value: JSONValue, at p: JSONPointer, what: String) throws -> ObjectFields {
        try ObjectFields(value, at: p, what: what, log: log)
    }

    /// `$schema` names the JSON Schema (`lamina schema`) for editors; the decoder ignores its value.
    static let documentKeys = ["$schema", "format", "canvas", "images", "layers", "tolerance", "description", "time"]

    /// The whole document: format, canvas, tolerance, images, then the layer tree. A refused canvas is noted
    /// and a 1x1 one stands in, so that the layers are still read (and their refusals found).
    func scene(_ document: JSONValue) throws -> Scene {
        let f = try fields(document, at: .root, what: "a scene object {\"format\": \"\(SceneDecoder.formatName)\", ...}")
        if let format = f["format"] {
            if format != .string(SceneDecoder.formatName) {
                try log.note(SceneError(f.pointer / "format", "expected \"\(SceneDecoder.formatName)\", found \(format.kindDescription)"))
            }
        } else {
            try log.note(SceneError(pointer: "", message: "missing \"format\"; a scene starts with \"format\": \"\(SceneDecoder.formatName)\""))
        }
        try f.rejectUnknown(SceneReader.documentKeys)
        var scene: Scene?
        if let canvasValue = f["canvas"] {
            scene = try attempt { try canvas(canvasValue, at: .root / "canvas") }
        } else {
            try log.note(SceneError(pointer: "", message: "missing \"canvas\"; expected {\"width\": w, \"height\": h}"))
        }
        let out = scene ?? Scene(width: 1, height: 1, scale: 1, background: .clear)
        out.sceneDescription = try f.read("description") { try $0.string(at: $1) }
        out.tolerance = try f.read("tolerance") { try self.tolerance($0, at: $1) }
        out.time = try f.read("time") { try $0.number(at: $1) }
        if let table = f["images"] { _ = try attempt { try imageTable(table, at: .root / "images") } }
        if let list = f["layers"] {
            guard case .array(let items) = list else { throw list.fail(.root / "layers", expected: "a list of layers") }
            for l in try layers(items, at: .root / "layers", depth: 1) { out.root.addSublayer(l) }
        }
        return out
    }

    private func canvas(_ v: JSONValue, at p: JSONPointer) throws -> Scene {
        let f = try fields(v, at: p, what: "a canvas object {\"width\": w, \"height\": h}")
        try f.rejectUnknown(["width", "height", "scale", "background"]) { key in
            ["backgroundColor", "color", "backgroundColour"].contains(key)
                ? "the canvas's colour is \"background\" (backgroundColor is a layer key)" : nil
        }
        let width = try f.require("width", missing: "missing \"width\" (the canvas width in points)") { try $0.positive(at: $1) }
        let height = try f.require("height", missing: "missing \"height\" (the canvas height in points)") { try $0.positive(at: $1) }
        let scale = try f.read("scale") { v, q in
            let x = try v.number(at: q)
            guard x > 0, x <= SceneDecoder.maxScale else {
                throw SceneError(q, "expected a scale in (0, \(formatNumber(SceneDecoder.maxScale))], found \(formatNumber(x))")
            }
            return x
        } ?? 1
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
        let f = try fields(v, at: p, what: "a tolerance object {\"maxDiff\": n, \"maxPixels\": n, \"reason\": \"...\"}")
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
