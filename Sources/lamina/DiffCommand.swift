import ArgumentParser
import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

/// `lamina diff`: compares two PNG files pixel by pixel and reports the difference metrics parity checks
/// use, optionally writing a heat map.
///
/// The command only loads, compares and reports; the metrics and the tolerance rule live in
/// `LaminaImage.ImageComparison`, so parity checks and this command judge images the same way.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images pixel by pixel.",
        discussion: """
        Both images are decoded to premultiplied 8-bit RGBA and compared channel by channel, alpha included. \
        Printed: the largest channel difference (0-255), how many pixels have a largest channel difference \
        above --threshold, how many differ at all, the mean absolute difference of each channel, and PSNR in dB \
        (inf when identical).

        --fuzzy maxDiff,maxPixels accepts a reftest-style tolerance: no channel may differ by more than \
        maxDiff, and at most maxPixels pixels may differ by more than 2.

        Exit codes:
          0  identical, or within --fuzzy when it is given
          3  different (with --fuzzy: over the tolerance)
          1  unreadable or invalid PNG, sizes differ, or a bad option value
          2  the heat map cannot be written
        """)

    @Argument(help: ArgumentHelp("The first PNG file (for example, the expected image).", valueName: "A.png"))
    var first: String

    @Argument(help: ArgumentHelp("The second PNG file (for example, the actual image).", valueName: "B.png"))
    var second: String

    @Option(name: .long, help: ArgumentHelp(
        "Write a heat map of the differences to this PNG file: black where equal, blue (difference 1) through cyan (4), "
            + "yellow (16) and red (255).", valueName: "H.png"))
    var heatmap: String?

    @Option(name: .long, help: "Count pixels whose largest channel difference exceeds this (0-255).")
    var threshold: Int = 2

    @Option(name: .long, help: ArgumentHelp(
        "Pass when within fuzzy(maxDiff, maxPixels) instead of only when identical.", valueName: "maxDiff,maxPixels"))
    var fuzzy: String?

    @Option(name: .long, help: "Pixels per point of the images, to give places in points too (default 1).")
    var scale: Double = 1

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        guard (0...255).contains(threshold) else {
            throw fail("--threshold must be between 0 and 255, not \(threshold)", code: 1)
        }
        var tolerance: (maxDiff: Int, maxPixels: Int)?
        if let fuzzy {
            guard let parsed = DiffCommand.parseFuzzy(fuzzy) else {
                throw fail("--fuzzy must be maxDiff,maxPixels with 0 <= maxDiff <= 255 and maxPixels >= 0, "
                           + "for example 2,10; got '\(fuzzy)'", code: 1)
            }
            tolerance = parsed
        }

        let a = try load(first)
        let b = try load(second)
        guard a.width == b.width, a.height == b.height else {
            throw fail("image sizes differ: \(first) is \(a.width)x\(a.height), \(second) is \(b.width)x\(b.height)",
                       code: 1)
        }
        let comparison: ImageComparison
        do { comparison = try ImageComparison(a, b, threshold: threshold) } catch {
            throw fail("\(error)", code: 1)
        }

        if let heatmap {
            do { try writeOutput(try PNG.encode(comparison.heatMap()), to: heatmap) } catch {
                throw fail("cannot write the heat map: \(error)", code: 2)
            }
        }

        let passed: Bool
        let verdict: String
        if let tolerance {
            passed = comparison.isWithin(maxDiff: tolerance.maxDiff, maxPixels: tolerance.maxPixels)
            let rule = "fuzzy(\(tolerance.maxDiff), \(tolerance.maxPixels))"
            verdict = comparison.isIdentical ? "identical" : (passed ? "within \(rule)" : "over \(rule)")
        } else {
            passed = comparison.isIdentical
            verdict = passed ? "identical" : "different"
        }
        guard scale > 0, scale.isFinite else { throw fail("--scale must be positive, not \(scale)", code: 1) }
        print(json ? DiffCommand.jsonReport(comparison, first: first, second: second, passed: passed, verdict: verdict,
                                            scale: scale)
                   : DiffCommand.report(comparison, first: first, second: second, verdict: verdict, scale: scale))
        if !passed { throw ExitCode(3) }
    }

    /// Reads a PNG, turning every failure into exit code 1 with a message that names the file.
    private func load(_ path: String) throws -> Image {
        do {
            return try PNG.read(contentsOf: URL(fileURLWithPath: path))
        } catch ImageError.unreadable(let p, let reason) {
            throw fail("cannot read \(p): \(reason)", code: 1)
        } catch {
            throw fail("\(path): \(error)", code: 1)
        }
    }

    /// Writes `message` to standard error and returns the exit code to throw.
    private func fail(_ message: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("lamina diff: error: \(message)\n".utf8))
        return ExitCode(code)
    }

    /// Parses `maxDiff,maxPixels`; nil when malformed or out of range.
    static func parseFuzzy(_ text: String) -> (maxDiff: Int, maxPixels: Int)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let maxDiff = Int(parts[0]), let maxPixels = Int(parts[1]),
              (0...255).contains(maxDiff), maxPixels >= 0 else { return nil }
        return (maxDiff, maxPixels)
    }

    /// The metrics as printed, one per line.
    static func report(_ c: ImageComparison, first: String, second: String, verdict: String, scale: Double = 1) -> String {
        let total = c.width * c.height
        let percent = total > 0 ? Double(c.pixelsOverThreshold) / Double(total) * 100 : 0
        let m = c.meanAbsoluteDifference
        func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
        let psnr = c.psnr.isInfinite ? "inf" : f(c.psnr, 2)
        var lines = [
            "\(first) vs \(second): \(c.width)x\(c.height)",
            "max channel difference: \(c.maxDifference)",
        ]
        if let at = c.largestDifferenceAt {
            lines.append("largest difference at: pixel (\(at.x), \(at.y)), point (\(point(at.x, scale)), \(point(at.y, scale)))")
        }
        lines.append("pixels over threshold \(c.threshold): \(c.pixelsOverThreshold) of \(total) (\(f(percent, 3))%)")
        if let box = c.boundingBox(over: c.threshold) {
            lines.append("pixels over threshold lie in: x \(box.x0)..<\(box.x1), y \(box.y0)..<\(box.y1) "
                + "(\(box.x1 - box.x0)x\(box.y1 - box.y0) pixels)")
        }
        lines += [
            "differing pixels: \(c.differingPixels)",
            "mean absolute difference: R \(f(m.r, 4)) G \(f(m.g, 4)) B \(f(m.b, 4)) A \(f(m.a, 4))",
            "PSNR: \(psnr) dB",
            "result: \(verdict)",
        ]
        return lines.joined(separator: "\n")
    }

    /// The pixel centre's coordinate in points.
    static func point(_ pixel: Int, _ scale: Double) -> String {
        let v = (Double(pixel) + 0.5) / scale
        return v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
    }

    static func jsonReport(_ c: ImageComparison, first: String, second: String, passed: Bool, verdict: String,
                           scale: Double) -> String {
        var fields = ["\"a\": \(JSONText.quoted(first))", "\"b\": \(JSONText.quoted(second))", "\"width\": \(c.width)",
                      "\"height\": \(c.height)", "\"maxDifference\": \(c.maxDifference)",
                      "\"threshold\": \(c.threshold)", "\"pixelsOverThreshold\": \(c.pixelsOverThreshold)",
                      "\"differingPixels\": \(c.differingPixels)",
                      "\"psnr\": \(c.psnr.isInfinite ? "null" : String(format: "%.4f", c.psnr))",
                      "\"passed\": \(passed)", "\"result\": \(JSONText.quoted(verdict))"]
        if let at = c.largestDifferenceAt {
            fields.append("\"largestAt\": {\"x\": \(at.x), \"y\": \(at.y), \"pointX\": \((Double(at.x) + 0.5) / scale), "
                + "\"pointY\": \((Double(at.y) + 0.5) / scale)}")
        }
        if let box = c.boundingBox(over: c.threshold) {
            fields.append("\"overThresholdBox\": {\"x0\": \(box.x0), \"y0\": \(box.y0), \"x1\": \(box.x1), \"y1\": \(box.y1)}")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
