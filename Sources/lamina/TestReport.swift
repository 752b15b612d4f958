import Foundation
import LaminaCore
import LaminaImage
import LaminaKit

/// The HTML report of `lamina test --report DIR`: per test its verdict and message; the render, the
/// reference and the heat map of their difference side by side at point size (so a 2x scene shows at its
/// size in points), each image a link to the PNG at full resolution; and the render wiped over the reference
/// with a slider and a flicker button (`ReportCompareView`). Beside it, `montage.png`: every test's images
/// with its name and verdict (`ReportMontage`), and `results.json` (`TestReportFile`), what
/// `--merge-reports` reads. Self-contained: inline CSS and one inline script.
struct TestReport {
    let directory: URL

    /// One image of a test: the PNG's bytes as written, and the image for its size and the montage.
    struct Figure {
        var kind: String
        var image: Image
        var png: Data
    }

    /// One test: its result, its place in the whole suite, and its images (render, reference, difference).
    struct Entry {
        var result: ReftestResult
        var index: Int
        var figures: [Figure]

        /// A test just run (`keepImages`): its images encoded, the difference drawn when the sizes agree.
        init(_ result: ReftestResult, index: Int) throws {
            self.result = result
            self.index = index
            var images: [(String, Image)] = []
            if let a = result.actual { images.append(("render", a)) }
            if let e = result.expected { images.append(("reference", e)) }
            if let a = result.actual, let e = result.expected, a.width == e.width, a.height == e.height,
               a.width > 0, a.height > 0 {
                images.append(("difference", try ImageComparison(e, a).heatMap()))
            }
            figures = try images.filter { $0.1.width > 0 && $0.1.height > 0 }
                .map { Figure(kind: $0.0, image: $0.1, png: try PNG.encode($0.1)) }
        }

        init(result: ReftestResult, index: Int, figures: [Figure]) {
            self.result = result
            self.index = index
            self.figures = figures
        }
    }

    /// Writes the report of `results`, the whole suite.
    func write(_ results: [ReftestResult]) throws {
        try write(try results.enumerated().map { try Entry($1, index: $0) }, suiteCount: results.count, shard: nil)
    }

    /// Writes the report of `entries` (in the suite's order), of a suite of `suiteCount` tests; `shard` names
    /// the part of it they are.
    func write(_ entries: [Entry], suiteCount: Int, shard: ReftestShard?) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rows: [String] = []
        var records: [TestReportRecord] = []
        var used: Set<String> = []
        var montage = ReportMontage()
        for (i, entry) in entries.enumerated() {
            let r = entry.result
            var stem = r.reftest.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
                .reduce(into: "") { $0.append($1) }
            if stem.isEmpty || used.contains(stem) { stem += "-\(i)" }
            used.insert(stem)
            var files: [String: String] = [:]
            for figure in entry.figures {
                let name = "\(stem)-\(figure.kind).png"
                try AtomicFile.write(figure.png, to: directory.appendingPathComponent(name))
                files[figure.kind] = name
            }
            rows.append(row(entry, files: files, montage: &montage))
            records.append(TestReportRecord(r, index: entry.index, images: files))
        }
        let file = TestReportFile(suiteCount: suiteCount, shard: shard?.description, tests: records)
        try AtomicFile.write(try file.encoded(), to: directory.appendingPathComponent("results.json"))
        if !montage.isEmpty {
            try AtomicFile.write(try PNG.encode(montage.image()), to: directory.appendingPathComponent("montage.png"))
        }
        let page = Self.page(rows: rows, results: entries.map(\.result),
                             note: Self.note(count: entries.count, suiteCount: suiteCount, shard: shard))
        try AtomicFile.write(Data(page.utf8), to: directory.appendingPathComponent("index.html"))
    }

    /// What the page says of the part of the suite it shows: nothing when it shows the whole.
    static func note(count: Int, suiteCount: Int, shard: ReftestShard?) -> String {
        if let shard { return " Shard \(shard) of a suite of \(suiteCount) tests." }
        if count < suiteCount { return " \(suiteCount - count) of the suite's \(suiteCount) tests are in no report merged here." }
        return ""
    }

    private static func page(rows: [String], results: [ReftestResult], note: String) -> String {
        let failed = results.filter { $0.status != .pass }.count
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>lamina test</title><style>
            body{font:14px -apple-system,system-ui,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse}td,th{border-top:1px solid #ddd;padding:8px;vertical-align:top;text-align:left}
            .pass{color:#1a7f37}.fail{color:#cf222e}.msg{max-width:36em;font-size:12px;color:#555}
            img{image-rendering:pixelated;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
            figure{display:inline-block;margin:0 8px 0 0}figcaption{font-size:11px;color:#666}td.images{white-space:nowrap}
            \(ReportCompareView.css)
            </style></head><body><h1>lamina test</h1>
            <p>\(results.count - failed) of \(results.count) passed.\(HTML.escape(note)) Images at point size; click one \
            for its pixels. Drag a slider to wipe the render over the reference, or flicker between them.</p>
            <table><tr><th>test</th><th>result</th><th>render · reference · difference</th><th>render over reference</th></tr>
            \(rows.joined(separator: "\n"))
            </table>
            <script>
            \(ReportCompareView.script)
            </script>
            </body></html>

            """
    }

    private func row(_ entry: Entry, files: [String: String], montage: inout ReportMontage) -> String {
        let r = entry.result
        let verdict = TestCommand.verdict(r)
        var figures: [String] = []
        var sizes: [String: (Int, Int)] = [:]
        for figure in entry.figures {
            guard let name = files[figure.kind] else { continue }
            let w = ReportCompareView.points(figure.image.width, scale: r.scale)
            let h = ReportCompareView.points(figure.image.height, scale: r.scale)
            sizes[figure.kind] = (w, h)
            figures.append("<figure><a href=\"\(name)\"><img src=\"\(name)\" width=\"\(w)\" height=\"\(h)\" "
                + "alt=\"\(figure.kind)\"></a><figcaption>\(figure.kind)</figcaption></figure>")
        }
        var compare = ""
        if let render = files["render"], let reference = files["reference"], let size = sizes["render"],
           files["difference"] != nil {
            compare = ReportCompareView(under: .init(file: reference, label: "reference"),
                                        over: .init(file: render, label: "render"),
                                        pointWidth: size.0, pointHeight: size.1).html
        }
        let cells = entry.figures.map { (caption: $0.kind, image: $0.image) }
        if !cells.isEmpty { montage.add(title: "\(r.reftest.name): \(verdict)", cells: cells) }
        let cls = r.status == .pass ? "pass" : "fail"
        return "<tr><td>\(HTML.escape(r.reftest.name))<div class=\"msg\">\(HTML.escape(r.reftest.origin))</div></td>"
            + "<td class=\"\(cls)\">\(verdict)<div class=\"msg\">\(HTML.escape(r.message))</div></td>"
            + "<td class=\"images\">\(figures.joined())</td><td>\(compare)</td></tr>"
    }
}
