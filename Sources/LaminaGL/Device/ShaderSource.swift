import Foundation
import LaminaShaders

/// A shader's text after `#include` substitution, with the table that maps compiler line numbers back to
/// files.
///
/// Each `#include "name"` line is replaced by the named file between `#line` directives: GLSL ES 3.00
/// §3.4 lets `#line line source-string-number` set both numbers, and the line after the directive gets
/// number `line`. Every file gets its own source-string number, so a compiler message "1:12" is line 12 of
/// the file numbered 1, whatever the driver's log format.
struct ShaderSource {
    /// The text handed to glShaderSource.
    let text: String
    /// File names by source-string number; 0 is the top-level file.
    let files: [String]

    /// Loads `name` from the LaminaShaders bundle and expands its includes (once per file and process: every
    /// variant of a program shares the expanded text), then adds `defines` (`defining`).
    static func load(named name: String, defines: [String] = []) throws -> ShaderSource {
        try expanded(name).defining(defines)
    }

    /// `name`'s text with its includes expanded, made on first use and shared.
    private static func expanded(_ name: String) throws -> ShaderSource {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let known = cache[name] { return known }
        guard let text = ShaderLibrary.source(named: name) else { throw GLError.missingShader(name) }
        let made = try ShaderSource(name: name, text: text) { n in
            guard let s = ShaderLibrary.source(named: n) else { throw GLError.missingShader(n) }
            return s
        }
        cache[name] = made
        return made
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: ShaderSource] = [:]

    private init(text: String, files: [String]) {
        self.text = text
        self.files = files
    }

    /// This source with `defines` as `#define NAME 1` lines (`#define NAME VALUE` for a define written
    /// "NAME VALUE") right after `#version` (GLSL ES 3.00 §3.3 requires `#version` first), followed by a
    /// `#line` so that line numbers still match the file. Added after the includes are expanded, so the
    /// `#line` directives after an include count the file's own lines.
    func defining(_ defines: [String]) -> ShaderSource {
        guard !defines.isEmpty, let end = text.firstIndex(of: "\n") else { return self }
        let lines = defines.map { "#define \($0)" + ($0.contains(" ") ? "" : " 1") } + ["#line 2 0"]
        var out = text
        out.insert(contentsOf: "\n" + lines.joined(separator: "\n"), at: end)
        return ShaderSource(text: out, files: files)
    }

    /// Expands the includes of `text` (named `name`), loading included files through `resolve`. Includes
    /// nest one level deep, which is all `common.glsl` needs; a file is included at most once.
    init(name: String, text: String, resolve: (String) throws -> String) throws {
        var files = [name]
        var out: [String] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#include") else { out.append(String(line)); continue }
            let parts = trimmed.split(separator: "\"")
            guard parts.count >= 2 else {
                throw GLError.shader(file: name, log: "\(name):\(i + 1): malformed #include")
            }
            let included = String(parts[1])
            if files.contains(included) { out.append(""); continue }
            files.append(included)
            out.append("#line 1 \(files.count - 1)")
            out.append(try resolve(included))
            out.append("#line \(i + 2) 0")
        }
        self.text = out.joined(separator: "\n")
        self.files = files
    }

    /// Rewrites a driver's info log so each message starts `file:line:`. Understands Mesa's `0:12(5):`,
    /// NVIDIA's `0(12) :` and ANGLE's `ERROR: 0:12:` forms; other lines pass through unchanged.
    func annotate(log: String) -> String {
        let patterns = [#"^(?:ERROR: |WARNING: )?(\d+):(\d+)(?:\(\d+\))?:?"#, #"^(\d+)\((\d+)\)\s*:"#]
        let regexes = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
        return log.split(separator: "\n").map { raw -> String in
            let line = String(raw)
            let range = NSRange(line.startIndex..., in: line)
            for re in regexes {
                guard let m = re.firstMatch(in: line, range: range),
                      let fr = Range(m.range(at: 1), in: line), let lr = Range(m.range(at: 2), in: line),
                      let whole = Range(m.range, in: line),
                      let fileIndex = Int(line[fr]), let lineNumber = Int(line[lr]) else { continue }
                let file = files.indices.contains(fileIndex) ? files[fileIndex] : "source \(fileIndex)"
                let rest = line[whole.upperBound...].trimmingCharacters(in: .whitespaces)
                return "\(file):\(lineNumber): \(rest)"
            }
            return line
        }.joined(separator: "\n")
    }
}
