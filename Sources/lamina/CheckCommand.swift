import ArgumentParser
import Foundation
import LaminaCore

/// `lamina check SCENE.json`: decodes a scene, validating everything, and prints what it contains.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a scene and summarise it (layers, features, images).",
        discussion: """
        Every error in the scene is reported in one run, in document order, each with its place as a JSON \
        pointer: every bad key of every layer (the check goes on with the key's default), and on into sublayers, \
        masks, animations, drawing commands and images. The first --limit errors are listed and the rest \
        counted ("and N more"). Malformed JSON is one error, at its line and column. \
        Exit 0 when the scene is valid; 1 when it is not.
        """)

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    @Flag(help: "Refuse (exit 1) a scene that draws differently from what it asks (a font family not installed), instead of warning.")
    var strict = false

    @Flag(help: "Print one JSON object: validity, errors with pointers, the summary and the warnings.")
    var json = false

    @Option(help: "Most errors listed (1...\(SceneDecoder.maxErrorLimit)); the rest are counted.")
    var limit = SceneDecoder.defaultMaxErrors

    func validate() throws {
        guard (1...SceneDecoder.maxErrorLimit).contains(limit) else {
            throw ValidationError("--limit must be in 1...\(SceneDecoder.maxErrorLimit), found \(limit)")
        }
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: scene) else {
            if json { print("{\"file\": \(JSONText.quoted(scene)), \"valid\": false, \"errors\": [{\"pointer\": \"\", \"message\": \"no such file\"}]}") }
            else { printError("error: \(scene): no such file") }
            throw ExitCode(1)
        }
        var decoded: Scene?, refusal: SceneError?
        do {
            decoded = try SceneDecoder(maxErrors: limit).decode(contentsOf: URL(fileURLWithPath: scene))
        } catch let e as SceneError {
            refusal = e
        }
        let errors = refusal?.all ?? []
        let warnings = decoded.map(SceneWarning.find) ?? []
        if json {
            print(Self.json(file: scene, decoded: decoded, errors: errors, unlisted: refusal?.unlistedCount ?? 0, warnings: warnings))
        } else {
            if let refusal {
                for line in sceneErrorLines(refusal, path: scene, more: "--limit N lists more") { printError(line) }
            }
            if let decoded { print(SceneSummary(scene: decoded).text) }
        }
        guard decoded != nil, errors.isEmpty else { throw ExitCode(1) }
        if !json, let decoded { try warnScene(decoded, path: scene, strict: strict) }
        if json, strict, !warnings.isEmpty { throw ExitCode(1) }
    }

    static func json(file: String, decoded: Scene?, errors: [SceneError], unlisted: Int = 0, warnings: [SceneWarning]) -> String {
        var fields = ["\"file\": \(JSONText.quoted(file))", "\"valid\": \(decoded != nil && errors.isEmpty)"]
        fields.append("\"errors\": [" + errors.map { e in
            var f = ["\"pointer\": \(JSONText.quoted(e.pointer))", "\"message\": \(JSONText.quoted(e.message))"]
            if let line = e.line, let column = e.column { f += ["\"line\": \(line)", "\"column\": \(column)"] }
            return "{" + f.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]")
        fields.append("\"unlisted\": \(unlisted)")
        fields.append("\"warnings\": [" + warnings.map { w in
            "{\"pointer\": \(JSONText.quoted(w.firstPointer)), \"message\": \(JSONText.quoted(w.what)), \"count\": \(w.count)}"
        }.joined(separator: ", ") + "]")
        if let decoded {
            let s = SceneSummary(scene: decoded)
            func object(_ d: [String: Int]) -> String {
                "{" + d.keys.sorted().map { "\(JSONText.quoted($0)): \(d[$0] ?? 0)" }.joined(separator: ", ") + "}"
            }
            fields += ["\"canvas\": {\"width\": \(s.canvasWidth), \"height\": \(s.canvasHeight), \"scale\": \(s.scale), "
                       + "\"pixelWidth\": \(s.pixelWidth), \"pixelHeight\": \(s.pixelHeight)}",
                       "\"layers\": \(s.layerCount)", "\"maxDepth\": \(s.maxDepth)", "\"types\": \(object(s.typeCounts))",
                       "\"features\": \(object(s.features))",
                       "\"images\": [" + s.images.map { "{\"origin\": \(JSONText.quoted($0.origin)), \"width\": \($0.width), \"height\": \($0.height)}" }.joined(separator: ", ") + "]"]
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
