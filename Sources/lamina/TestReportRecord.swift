import Foundation
import LaminaCore
import LaminaKit

/// `results.json`, the machine-readable half of a `lamina test --report DIR`: every test of the report with
/// its place in the whole suite, its verdict and numbers, and the names of its images in DIR, so
/// `--merge-reports` joins shards' reports from these files and the PNGs beside them, never from the HTML.
struct TestReportFile: Codable, Equatable {
    static let currentFormat = "lamina-test-report/1"

    var format = Self.currentFormat
    /// Tests in the whole suite (before sharding).
    var suiteCount: Int
    /// `K/N` when the run was one shard of the suite.
    var shard: String?
    var tests: [TestReportRecord]

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

/// One test of a report.
struct TestReportRecord: Codable, Equatable {
    /// The test's place in the whole suite, 0-based: merged reports list tests in this order.
    var index: Int
    /// `Reftest.identity`, what shards split by.
    var identity: String
    var name: String
    var relation: String
    var test: String
    var reference: String
    /// The line's own `fuzzy(maxDiff, maxPixels)`, absent when it has none.
    var lineTolerance: Tolerance?
    var origin: String
    var status: String
    var updated: Bool
    /// The tolerance the test was judged by.
    var tolerance: Tolerance
    var maxDifference: Int?
    var pixelsOverThreshold: Int?
    var message: String
    var seconds: Double
    /// The test scene's pixels a point (images show at point size).
    var scale: Double
    /// The images' files in the report's folder, by kind: `render`, `reference`, `difference`.
    var images: [String: String]

    init(_ result: ReftestResult, index: Int, images: [String: String]) {
        self.index = index
        identity = result.reftest.identity
        name = result.reftest.name
        relation = result.reftest.relation.rawValue
        test = result.reftest.test.path
        reference = result.reftest.reference.path
        lineTolerance = result.reftest.tolerance
        origin = result.reftest.origin
        status = result.status.rawValue
        updated = result.updated
        tolerance = result.tolerance
        maxDifference = result.maxDifference
        pixelsOverThreshold = result.pixelsOverThreshold
        message = result.message
        seconds = result.seconds.isFinite ? result.seconds : 0
        scale = result.scale.isFinite && result.scale > 0 ? result.scale : 1
        self.images = images
    }

    /// The result this record describes (without its images), or why it cannot be read.
    func result() throws -> ReftestResult {
        guard let relation = Reftest.Relation(rawValue: relation) else {
            throw TestReportError("test \(index): unknown relation \(Echo.quoted(relation))")
        }
        guard let status = ReftestResult.Status(rawValue: status) else {
            throw TestReportError("test \(index): unknown status \(Echo.quoted(status))")
        }
        let reftest = Reftest(relation: relation, test: URL(fileURLWithPath: test),
                              reference: URL(fileURLWithPath: reference), tolerance: lineTolerance, origin: origin,
                              identity: identity)
        var result = ReftestResult(reftest: reftest, status: status, tolerance: tolerance,
                                   maxDifference: maxDifference, pixelsOverThreshold: pixelsOverThreshold,
                                   message: message, seconds: seconds.isFinite ? max(0, seconds) : 0)
        result.updated = updated
        result.scale = scale.isFinite && scale > 0 ? scale : 1
        return result
    }
}

/// Why a report could not be read or merged.
struct TestReportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
