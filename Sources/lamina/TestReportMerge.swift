import Foundation
import LaminaCore
import LaminaImage
import LaminaKit

/// `lamina test --merge-reports OUT DIR...`: the reports of a suite's shards (each a `--report DIR`) read
/// back from their `results.json` and PNGs and joined in the suite's order, so `TestReport` writes one report
/// of them, as a run of the whole suite would have (the same page when every test is there).
struct TestReportMerge {
    /// The images a test may have, in the order a report shows them.
    static let kinds = ["render", "reference", "difference"]

    var entries: [TestReport.Entry] = []
    var suiteCount = 0

    /// Tests of the suite that no report holds.
    var missing: Int { suiteCount - entries.count }

    /// Reads `directories`. Refused, naming the folder: a folder without `results.json` or with another
    /// format, reports of suites of different sizes, a test in two reports, an image that is not a plain
    /// PNG name in the folder or does not decode.
    init(reading directories: [URL]) throws {
        var places: [Int: String] = [:]
        var first: (count: Int, place: String)?
        for directory in directories {
            let file = try Self.results(in: directory)
            if let first, first.count != file.suiteCount {
                throw TestReportError("\(directory.path) is a report of \(file.suiteCount) tests and \(first.place) of "
                    + "\(first.count): reports of different suites")
            }
            first = first ?? (file.suiteCount, directory.path)
            suiteCount = file.suiteCount
            for record in file.tests {
                guard record.index >= 0, record.index < file.suiteCount else {
                    throw TestReportError("\(directory.path): test \(Echo.quoted(record.identity)) has index "
                        + "\(record.index), outside a suite of \(file.suiteCount)")
                }
                if let other = places[record.index] {
                    throw TestReportError("test \(record.index + 1) of the suite (\(Echo.quoted(record.identity))) is "
                        + "in both \(other) and \(directory.path): the same shard twice?")
                }
                places[record.index] = directory.path
                entries.append(TestReport.Entry(result: try record.result(), index: record.index,
                                                figures: try Self.figures(of: record, in: directory)))
            }
        }
        entries.sort { $0.index < $1.index }
    }

    private static func results(in directory: URL) throws -> TestReportFile {
        let url = directory.appendingPathComponent("results.json")
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TestReportError("\(url.path): cannot read (is \(directory.path) a report of lamina test --report?)")
        }
        let file: TestReportFile
        do { file = try JSONDecoder().decode(TestReportFile.self, from: data) } catch {
            throw TestReportError("\(url.path): not a lamina test report: \(error)")
        }
        guard file.format == TestReportFile.currentFormat else {
            throw TestReportError("\(url.path): format \(Echo.quoted(file.format)), expected "
                + "\(Echo.quoted(TestReportFile.currentFormat))")
        }
        guard file.suiteCount >= 0 else { throw TestReportError("\(url.path): a suite of \(file.suiteCount) tests") }
        return file
    }

    /// The record's images, read from `directory`: only plain `.png` names in the folder itself.
    private static func figures(of record: TestReportRecord, in directory: URL) throws -> [TestReport.Figure] {
        if let unknown = record.images.keys.sorted().first(where: { !kinds.contains($0) }) {
            throw TestReportError("\(directory.path): test \(Echo.quoted(record.identity)) has an image of unknown "
                + "kind \(Echo.quoted(unknown))")
        }
        return try kinds.compactMap { kind in
            guard let name = record.images[kind] else { return nil }
            guard !name.contains("/"), !name.hasPrefix("."), name.lowercased().hasSuffix(".png") else {
                throw TestReportError("\(directory.path): test \(Echo.quoted(record.identity)) names the image "
                    + "\(Echo.quoted(name)), not a PNG in the report's folder")
            }
            let url = directory.appendingPathComponent(name)
            do {
                let png = try Data(contentsOf: url)
                return TestReport.Figure(kind: kind, image: try PNG.decode(png), png: png)
            } catch {
                throw TestReportError("\(url.path): \(error)")
            }
        }
    }
}
