import Foundation
import LaminaImage

/// Lays out and draws text boxes: fonts through Fontconfig and FreeType, shaping through HarfBuzz, line breaking,
/// truncation and alignment of our own, glyphs through a cache into a backing store. One engine serves a whole
/// process (`shared`). FreeType's and HarfBuzz's objects belong to one thread at a time, so the engine keeps a
/// worker per core, each with its own FreeType library, faces and glyph cache: up to that many boxes are laid
/// out and drawn at once, and a box draws the same bytes whichever worker draws it.
public final class TextEngine: @unchecked Sendable {
    private final class Worker {
        let library: FontLibrary
        let cache = GlyphCache()
        init(library: FontLibrary) { self.library = library }
    }

    private let lock = NSLock()
    private let available: DispatchSemaphore
    private let maxWorkers: Int
    private var idle: [Worker] = []

    /// The process's engine. FreeType failing to start is reported by the first call that needs it.
    public static let shared = TextEngine()

    /// An engine of up to `workers` workers (default: one per active core).
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        maxWorkers = max(1, workers)
        available = DispatchSemaphore(value: maxWorkers)
    }

    /// How many boxes the engine draws at once at most.
    public var concurrency: Int { maxWorkers }

    private func withLibrary<T>(_ body: (FontLibrary, GlyphCache) throws -> T) throws -> T {
        available.wait()
        defer { available.signal() }
        let worker = try checkOut()
        defer { checkIn(worker) }
        return try body(worker.library, worker.cache)
    }

    private func checkOut() throws -> Worker {
        lock.lock()
        defer { lock.unlock() }
        if let worker = idle.popLast() { return worker }
        let library: FontLibrary
        do { library = try FontLibrary() } catch let e as TextError { throw e } catch {
            throw TextError("cannot start FreeType: \(error)")
        }
        return Worker(library: library)
    }

    private func checkIn(_ worker: Worker) {
        lock.lock()
        idle.append(worker)
        lock.unlock()
    }

    /// Where a `font` value leads: the file drawn with, and whether the family asked for was found. A file path
    /// must be absolute here (the scene decoder resolves relative ones against the scene's directory).
    public func resolve(font: String) throws -> FontResolution {
        try withLibrary { library, _ in try library.resolve(font) }
    }

    /// Draws `box` into a backing store of `box.pixelSize`, premultiplied.
    public func render(_ box: TextBox) throws -> Image {
        try withLibrary { library, cache in
            let layout = try layOut(box, library)
            var r = TextRasterizer(box: box, faces: library.facesByID, cache: cache)
            for line in layout.lines { try r.draw(line) }
            return r.image
        }
    }

    /// Lays `box` out without drawing it: lines, baselines and extents, for tests and tools.
    public func layout(_ box: TextBox) throws -> TextLayout {
        try withLibrary { library, _ in try layOut(box, library) }
    }

    /// Checks the bounds `box` is held to, naming the one it passes.
    public static func validate(_ box: TextBox) throws {
        let bytes = box.spans.reduce(0) { $0 + $1.text.utf8.count }
        guard bytes <= TextLimits.maxStringBytes else {
            throw TextError("string of \(bytes) bytes is over the limit of \(TextLimits.maxStringBytes) bytes (1 MiB)")
        }
        for span in box.spans where !span.text.isEmpty {
            let px = span.attributes.fontSize * box.scale
            guard px.isFinite, px <= TextLimits.maxGlyphPixels else {
                throw TextError("fontSize \(span.attributes.fontSize) x contentsScale \(box.scale) is \(px) px a glyph, "
                    + "over the limit of \(Int(TextLimits.maxGlyphPixels)) px")
            }
        }
    }

    private func layOut(_ box: TextBox, _ library: FontLibrary) throws -> TextLayout {
        try Self.validate(box)
        let spanFaces = try box.spans.map { try library.face(for: $0.attributes.font) }
        let shaper = Shaper(library: library, spanFaces: spanFaces, spans: box.spans.map(\.attributes))
        var typesetter = Typesetter(box: box, shaper: shaper, faces: { library.facesByID })
        let lines = try typesetter.run(Self.paragraphs(box.spans))
        return TextLayout(lines: lines, faces: library.facesByID)
    }

    /// The text split into paragraphs at line and paragraph separators, each character with its span. Tabs
    /// become spaces; other control characters are dropped.
    static func paragraphs(_ spans: [TextSpan]) -> [ParagraphText] {
        var out = [ParagraphText(span: 0)]
        var lastWasCR = false
        for (k, span) in spans.enumerated() {
            for s in span.text.unicodeScalars {
                defer { lastWasCR = s.value == 0x0D }
                switch s.value {
                case 0x0A where lastWasCR:
                    continue
                case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                    out.append(ParagraphText(span: k))
                case 0x09:
                    out[out.count - 1].append(" ", k)
                case 0x00..<0x20, 0x7F:
                    continue
                default:
                    out[out.count - 1].append(s, k)
                }
            }
        }
        return out
    }
}

/// One paragraph's characters and the span of each; `span` gives an empty paragraph its line height.
struct ParagraphText {
    var scalars: [Unicode.Scalar] = []
    var spanOf: [Int] = []
    var span: Int

    init(span: Int) { self.span = span }

    mutating func append(_ s: Unicode.Scalar, _ k: Int) {
        scalars.append(s); spanOf.append(k)
    }
}

/// What every caller needs to know about `font` values without starting the engine.
public enum TextFonts {
    /// True for a `font` value that names a font file (a path, or a name ending .ttf, .otf, .ttc or .otc)
    /// rather than a family.
    public static func isFile(_ font: String) -> Bool { FontLibrary.isFilePath(font) }
}
