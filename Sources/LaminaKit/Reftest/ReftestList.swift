import Foundation
import LaminaCore
import LaminaGeometry

/// One reftest: a scene drawn and compared with a reference (an image, or another scene drawn the same way),
/// in the style of WebRender's and Gecko's `reftest.list`:
///
/// ```
/// # comment
/// == card.json card.png                 # the scene must match the image
/// == frame.json bounds-position.json    # two spellings of one drawing must match
/// != shadow.json no-shadow.json         # the shadow must change something
/// fuzzy(2,10) == blur.json blur.png     # a tolerance for this line
/// ```
///
/// A line holds an optional `fuzzy(maxDiff,maxPixels)`, the relation and two files, nothing else; `#` starts
/// a comment.
public struct Reftest: Sendable, Equatable {
    /// Whether the two must render alike or differ.
    public enum Relation: String, Sendable {
        /// `==`: the test must match the reference within the tolerance.
        case equal = "=="
        /// `!=`: the test must differ from the reference beyond the tolerance (or at all, without one).
        case notEqual = "!="
    }

    /// `==` or `!=`.
    public var relation: Relation
    /// The scene file rendered.
    public var test: URL
    /// The reference: a PNG, or a scene rendered the same way as the test.
    public var reference: URL
    /// The line's `fuzzy(maxDiff, maxPixels)`, or nil for the test scene's own tolerance (or the default).
    public var tolerance: Tolerance?
    /// Where it was listed: `reftest.list:12`, or the scene's path for a scene beside its PNG.
    public var origin: String
    /// The test scene's path as its list writes it (relative to the list), or its file name in a directory
    /// or alone: the same on every machine and checkout, whatever the order of the suite, so a shard
    /// (`ReftestShard`) picks the same tests everywhere.
    public var identity: String

    public init(relation: Relation, test: URL, reference: URL, tolerance: Tolerance? = nil, origin: String,
                identity: String) {
        self.relation = relation
        self.test = test
        self.reference = reference
        self.tolerance = tolerance
        self.origin = origin
        self.identity = identity
    }

    /// A name for reports: the test file's name, and the reference's when it is not the same name.
    public var name: String {
        let a = test.deletingPathExtension().lastPathComponent, b = reference.deletingPathExtension().lastPathComponent
        return a == b ? a : "\(a) \(relation.rawValue) \(b)"
    }

    /// Whether the reference is an image (a `.png`) rather than a scene.
    public var referenceIsImage: Bool { reference.pathExtension.lowercased() == "png" }
}

/// Why a reftest list or directory cannot be read: the place and the reason.
public struct ReftestListError: Error, CustomStringConvertible, Sendable {
    /// The file, or the file and line (`reftest.list:12`).
    public var place: String
    /// What is wrong there.
    public var message: String
    /// `place: message`.
    public var description: String { "\(place): \(message)" }
}

/// Reading reftests: from a `reftest.list`, a directory, or a scene beside its PNG.
public enum ReftestList {
    /// The most lines one list may have (a bound on what input controls).
    public static let maxLines = 100_000

    /// The reftests of `path`: a `reftest.list` file, a directory holding one, a directory of `NAME.json` scenes
    /// (each compared with `NAME.png` beside it), or one scene file.
    public static func reftests(at path: URL) throws -> [Reftest] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw ReftestListError(place: path.path, message: "no such file or directory")
        }
        if isDirectory.boolValue {
            let list = path.appendingPathComponent("reftest.list")
            if FileManager.default.fileExists(atPath: list.path) { return try parse(contentsOf: list) }
            let names = try FileManager.default.contentsOfDirectory(atPath: path.path)
                .filter { $0.hasSuffix(".json") }.sorted()
            return names.map { scenePair(path.appendingPathComponent($0), identity: $0) }
        }
        if path.lastPathComponent == "reftest.list" || path.pathExtension == "list" { return try parse(contentsOf: path) }
        return [scenePair(path, identity: path.lastPathComponent)]
    }

    static func scenePair(_ scene: URL, identity: String) -> Reftest {
        Reftest(relation: .equal, test: scene, reference: scene.deletingPathExtension().appendingPathExtension("png"),
                tolerance: nil, origin: scene.path, identity: identity)
    }

    /// The reftests of the `reftest.list` at `url`; paths in it are relative to its directory.
    public static func parse(contentsOf url: URL) throws -> [Reftest] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ReftestListError(place: url.path, message: "cannot read: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReftestListError(place: url.path, message: "not UTF-8 text")
        }
        return try parse(text, base: url.deletingLastPathComponent(), listName: url.path)
    }

    /// The reftests of a list's text; paths are relative to `base`.
    public static func parse(_ text: String, base: URL, listName: String) throws -> [Reftest] {
        var out: [Reftest] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= maxLines else {
            throw ReftestListError(place: listName, message: "\(lines.count) lines; a list takes at most \(maxLines)")
        }
        for (i, raw) in lines.enumerated() {
            let place = "\(listName):\(i + 1)"
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            var tolerance: Tolerance?
            if let first = words.first, first.hasPrefix("fuzzy(") {
                tolerance = try fuzzy(first, place: place)
                words.removeFirst()
            }
            guard words.count == 3, let relation = Reftest.Relation(rawValue: words[0]) else {
                throw ReftestListError(place: place, message: "expected [fuzzy(maxDiff,maxPixels)] == or != and two "
                    + "files, found \(Echo.quoted(String(line)))")
            }
            let test = base.appendingPathComponent(words[1]), reference = base.appendingPathComponent(words[2])
            guard test.pathExtension.lowercased() == "json" else {
                throw ReftestListError(place: place, message: "the test must be a scene (.json), found \(Echo.quoted(words[1]))")
            }
            guard ["json", "png"].contains(reference.pathExtension.lowercased()) else {
                throw ReftestListError(place: place, message: "the reference must be a scene (.json) or an image "
                    + "(.png), found \(Echo.quoted(words[2]))")
            }
            out.append(Reftest(relation: relation, test: test, reference: reference, tolerance: tolerance, origin: place,
                               identity: words[1]))
        }
        return out
    }

    /// `fuzzy(maxDiff,maxPixels)` (also `fuzzy(0-2,0-10)`, Gecko's ranges, whose upper ends Lamina takes).
    static func fuzzy(_ word: String, place: String) throws -> Tolerance {
        let inner = word.dropFirst("fuzzy(".count)
        guard inner.hasSuffix(")") else { throw ReftestListError(place: place, message: "unclosed \(Echo.quoted(word))") }
        let parts = inner.dropLast().split(separator: ",").map { $0.split(separator: "-").last.map(String.init) ?? "" }
        guard parts.count == 2, let d = Int(parts[0]), let n = Int(parts[1]), (0...255).contains(d), n >= 0 else {
            throw ReftestListError(place: place, message: "expected fuzzy(maxDiff,maxPixels) with maxDiff in 0...255, "
                + "found \(Echo.quoted(word))")
        }
        return Tolerance(maxDiff: d, maxPixels: n)
    }
}
