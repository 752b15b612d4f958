import Foundation
import LaminaGeometry
import LaminaImage

/// Image references: `@name` from the scene's `images`, a path relative to the scene file, or a
/// `data:image/png;base64,` URI. Every image is read and decoded with `PNG.decode` while the scene is decoded,
/// so a missing or corrupt image refuses the scene before anything renders. The same file (or URI) referenced
/// twice, by name or by path, shares one `Bitmap`, so renderers upload and mip it once.
extension SceneReader {
    static let dataURIPrefix = "data:image/png;base64,"

    /// The `images` table: name -> reference, each loaded now.
    func imageTable(_ v: JSONValue, at p: JSONPointer) throws {
        let f = try fields(v, at: p, what: "an object mapping image names to references")
        for name in f.values.keys.sorted() {
            let q = p / name
            guard let ref = f[name] else { continue }
            // A refused image is noted once; references to it are then left out without a second refusal.
            let bitmap = try attempt { () throws -> Bitmap in
                let s = try ref.string(at: q)
                if s.hasPrefix("@") { throw SceneError(q, "an entry of \"images\" must be a file path or data URI, not another @name") }
                return try image(reference: s, at: q)
            }
            if let bitmap { imagesByName[name] = bitmap } else { refusedImageNames.insert(name) }
        }
    }

    /// A `contents` value: an image reference or `null`.
    func optionalImage(_ v: JSONValue, at p: JSONPointer) throws -> Bitmap? {
        switch v {
        case .null: return nil
        case .string(let s): return try image(reference: s, at: p)
        default: throw v.fail(p, expected: "an image reference (\"@name\", a PNG file path or a data:image/png;base64 URI)")
        }
    }

    /// Resolves and loads one reference, sharing bitmaps between references to the same image.
    func image(reference s: String, at p: JSONPointer) throws -> Bitmap {
        if s.hasPrefix("@") {
            let name = String(s.dropFirst())
            if let b = imagesByName[name] { return b }
            if refusedImageNames.contains(name) { throw SceneErrorLog.Reported() }
            let known = imagesByName.keys.sorted().map { "@" + $0 }
            var message = known.isEmpty
                ? "unknown image \(Echo.quoted(s)); the scene declares no images (add them under \"images\")"
                : "unknown image \(Echo.quoted(s)); the scene's images are \(known.joined(separator: ", "))"
            if let near = KeySuggestion.nearest(to: name, in: Array(imagesByName.keys).sorted()) {
                message += " (did you mean \"@\(near)\"?)"
            }
            throw SceneError(p, message)
        }
        if s.hasPrefix("data:") { return try dataURIImage(s, at: p) }
        guard !s.isEmpty else { throw SceneError(p, "empty image reference") }
        let url = s.hasPrefix("/")
            ? URL(fileURLWithPath: s).standardizedFileURL
            : (baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(s)
                .standardizedFileURL
        let path = url.path
        if let cached = bitmapCache[path] { return cached }
        guard !isChunkReader else { throw ChunkAbandoned() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SceneError(p, "image file not found: \(path)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SceneError(p, "cannot read image file \(path): \(error.localizedDescription)")
        }
        let bitmap = Bitmap(image: try decodePNG(data, at: p, source: path), origin: path)
        bitmapCache[path] = bitmap
        return bitmap
    }

    private func dataURIImage(_ s: String, at p: JSONPointer) throws -> Bitmap {
        if let cached = bitmapCache[s] { return cached }
        guard !isChunkReader else { throw ChunkAbandoned() }
        guard s.hasPrefix(SceneReader.dataURIPrefix) else {
            throw SceneError(p, "unsupported data URI; version 1 accepts only \(SceneReader.dataURIPrefix)...")
        }
        let payload = s.dropFirst(SceneReader.dataURIPrefix.count)
        guard let data = Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters) else {
            throw SceneError(p, "the data URI's base64 payload is malformed")
        }
        let bitmap = Bitmap(image: try decodePNG(data, at: p, source: "data URI"),
                            origin: "data:image/png;base64 (\(data.count) bytes)")
        bitmapCache[s] = bitmap
        return bitmap
    }

    /// Decodes one image after reading its header: an image over `SceneDecoder.maxImagePixels`, or one whose
    /// decoded bytes (with the mip chain both renderers build) take the scene's images over
    /// `maxImageBytes`, is refused at `p` before any pixel is decoded.
    private func decodePNG(_ data: Data, at p: JSONPointer, source: String) throws -> Image {
        do {
            let (width, height) = try PNG.header(data)
            guard width * height <= SceneDecoder.maxImagePixels else {
                throw SceneError(p, "\(source): image is \(width)x\(height) = \(width * height) pixels; at most \(SceneDecoder.maxImagePixels) pixels an image")
            }
            imageBytes += ResourceLimits.imageBytes(width: width, height: height)
            guard imageBytes <= maxImageBytes else {
                throw SceneError(p, "\(source): the scene's images take \(formatBytes(imageBytes)) decoded (with their mip chains), over the \(formatBytes(maxImageBytes)) limit on images")
            }
            return try PNG.decode(data)
        } catch let e as SceneError {
            throw e
        } catch let e as ImageError {
            throw SceneError(p, "\(source): \(e)")
        } catch {
            throw SceneError(p, "\(source): \(error)")
        }
    }
}
