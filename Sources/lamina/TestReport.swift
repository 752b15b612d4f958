import Foundation
import LaminaCore
import LaminaImage
import LaminaKit

/// The HTML report of `lamina test --report DIR`: per test its verdict and message; the render, the
/// reference and the heat map of their difference side by side at point size (so a 2x scene shows at its
/// size in points), each image a link to the PNG at full resolution; and the render wiped over the reference
/// with a slider and a flicker button (`ReportCompareView`). Beside it, `montage.png`: every test's images
/// with its name and verdict (`ReportMontage`). Self-contained: inline CSS and one inline script.
struct TestReport {
    let directory: URL

    func write(_ results: [ReftestResult]) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rows: [String] = []
        var used: Set<String> = []
        var montage = ReportMontage()
        for (i, r) in results.enumerated() {
            var stem = r.reftest.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
                .reduce(into: "") { $0.append($1) }
            if stem.isEmpty || used.contains(stem) { stem += "-\(i)" }
            used.insert(stem)
            rows.append(try row(r, stem: stem, montage: &montage))
        }
        let failed = results.filter { $0.status != .pass }.count
        let page = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>lamina test</title><style>
            body{font:14px -apple-system,system-ui,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse}td,th{border-top:1px solid #ddd;padding:8px;vertical-align:top;text-align:left}
            .pass{color:#1a7f37}.fail{color:#cf222e}.msg{max-width:36em;font-size:12px;color:#555}
            img{image-rendering:pixelated;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
            figure{display:inline-block;margin:0 8px 0 0}figcaption{font-size:11px;color:#666}td.images{white-space:nowrap}
            \(ReportCompareView.css)
            </style></head><body><h1>lamina test</h1>
            <p>\(results.count - failed) of \(results.count) passed. Images at point size; click one for its pixels. \
            Drag a slider to wipe the render over the reference, or flicker between them.</p>
            <table><tr><th>test</th><th>result</th><th>render · reference · difference</th><th>render over reference</th></tr>
            \(rows.joined(separator: "\n"))
            </table>
            <script>
            \(ReportCompareView.script)
            </script>
            </body></html>

            """
        if !montage.isEmpty {
            try AtomicFile.write(try PNG.encode(montage.image()), to: directory.appendingPathComponent("montage.png"))
        }
        try AtomicFile.write(Data(page.utf8), to: directory.appendingPathComponent("index.html"))
    }

    private func row(_ r: ReftestResult, stem: String, montage: inout ReportMontage) throws -> String {
        let verdict = r.updated ? "UPDATED" : r.status == .pass ? "PASS" : r.status == .fail ? "FAIL" : "ERROR"
        var figures: [String] = []
        var cells: [(caption: String, image: Image)] = []
        func figure(_ image: Image?, _ suffix: String, _ caption: String) throws {
            guard let image, image.width > 0, image.height > 0 else { return }
            let name = "\(stem)-\(suffix).png"
            try AtomicFile.write(try PNG.encode(image), to: directory.appendingPathComponent(name))
            let w = ReportCompareView.points(image.width, scale: r.scale)
            let h = ReportCompareView.points(image.height, scale: r.scale)
            figures.append("<figure><a href=\"\(name)\"><img src=\"\(name)\" width=\"\(w)\" height=\"\(h)\" "
                + "alt=\"\(caption)\"></a><figcaption>\(caption)</figcaption></figure>")
            cells.append((caption, image))
        }
        try figure(r.actual, "render", "render")
        try figure(r.expected, "reference", "reference")
        var compare = ""
        if let a = r.actual, let e = r.expected, a.width == e.width, a.height == e.height, a.width > 0, a.height > 0 {
            try figure(try ImageComparison(e, a).heatMap(), "difference", "difference")
            compare = ReportCompareView(under: .init(file: "\(stem)-reference.png", label: "reference"),
                                        over: .init(file: "\(stem)-render.png", label: "render"),
                                        pointWidth: ReportCompareView.points(a.width, scale: r.scale),
                                        pointHeight: ReportCompareView.points(a.height, scale: r.scale)).html
        }
        if !cells.isEmpty { montage.add(title: "\(r.reftest.name): \(verdict)", cells: cells) }
        let cls = r.status == .pass ? "pass" : "fail"
        return "<tr><td>\(HTML.escape(r.reftest.name))<div class=\"msg\">\(HTML.escape(r.reftest.origin))</div></td>"
            + "<td class=\"\(cls)\">\(verdict)<div class=\"msg\">\(HTML.escape(r.message))</div></td>"
            + "<td class=\"images\">\(figures.joined())</td><td>\(compare)</td></tr>"
    }
}
