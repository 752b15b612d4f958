import Foundation
import LaminaCore
import LaminaGL
import LaminaParity
import LaminaImage

/// The HTML report of `lamina parity`: a table with, per scene, its description, metrics and tolerance,
/// its CPU, GPU and heat-map images side by side at their size in points, and the GPU image wiped over the
/// CPU one with a slider and a flicker button (`ReportCompareView`; DESIGN.md: "The report is a picture").
///
/// Images are written as each scene finishes; `index.html` is written last, with `montage.png`, the labelled
/// picture of every compared scene (`ReportMontage`). Every file goes through a temporary sibling and a
/// rename (`PNG.write`, `AtomicFile.write`), so a reader never sees half a file. The page is self-contained:
/// inline CSS and one inline script, no external resource.
final class ParityReport {
    private struct Entry {
        var name: String
        var sceneURL: URL?
        var sceneDescription: String?
        var result: ParityResult.Summary?
        var error: String?
        var errorVerdict = "ERROR"
        var stem: String
        var width = 0, height = 0
        var scale = 1.0
    }

    let directory: URL
    private var entries: [Entry] = []
    /// CPU | GPU | heat map per compared scene, labelled, for `montage.png`.
    private var montage = ReportMontage()
    private var stems: Set<String> = ["index"]

    /// Creates `directory` if it is missing.
    init(directory: URL) throws {
        self.directory = directory
        try ParityReport.makeDirectory(directory.standardizedFileURL.path)
    }

    /// `mkdir -p`, failing with the system's reason (`Permission denied`, `Not a directory`) and the
    /// directory that could not be made.
    private static func makeDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ImageError.unwritable(path: path, reason: "not a directory") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw ImageError.unwritable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Records one scene and writes its images.
    func add(_ outcome: ParityOutcome) throws {
        let stem = uniqueStem(outcome.name)
        switch outcome {
        case .compared(let r):
            _ = try ParityImages.write(r, to: directory, stem: stem)
            let verdict = r.passed ? "PASS" : "FAIL"
            montage.add(title: "\(r.name): \(verdict), largest difference \(r.comparison.maxDifference), \(r.toleranceText)",
                        cells: [("CPU", r.cpu), ("GPU", r.gpu), ("heat map", r.comparison.heatMap())])
            entries.append(Entry(name: r.name, sceneURL: r.sceneURL, sceneDescription: r.sceneDescription,
                                 result: r.summary, error: nil, stem: stem, width: r.cpu.width, height: r.cpu.height,
                                 scale: r.scale))
        case .failed(let name, let url, let error):
            let invalid = (error as? ParityError)?.isInvalidInput ?? true
            entries.append(Entry(name: name, sceneURL: url, sceneDescription: nil, result: nil,
                                 error: "\(error)", errorVerdict: invalid ? "INVALID" : "ERROR", stem: stem))
        }
    }

    /// Writes `index.html`, and `montage.png`: every compared scene as a title over CPU | GPU | heat map.
    func finish(summary: String) throws {
        if !montage.isEmpty {
            try PNG.write(montage.image(), to: directory.appendingPathComponent("montage.png"))
        }
        try AtomicFile.write(Data(html(summary: summary).utf8), to: directory.appendingPathComponent("index.html"))
    }

    /// A file-name stem made of the scene name's safe characters, unique within the report.
    private func uniqueStem(_ name: String) -> String {
        let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        var stem = safe.isEmpty ? "scene" : safe
        var n = 2
        while stems.contains(stem) { stem = "\(safe)-\(n)"; n += 1 }
        stems.insert(stem)
        return stem
    }

    private func html(summary: String) -> String {
        let failedCount = entries.filter { !($0.result?.passed ?? false) }.count
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Lamina parity: \(escape(summary))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
        h1 { font-size: 1.3em; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid #ccc; padding: 6px 8px; vertical-align: top; text-align: left; }
        th { background: #f3f3f3; }
        tr.fail td { background: #fde4e4; }
        tr.fail td.verdict { color: #b00; font-weight: bold; }
        tr.pass td.verdict { color: #070; font-weight: bold; }
        td.metrics { white-space: nowrap; font-variant-numeric: tabular-nums; }
        .desc { color: #555; max-width: 22em; }
        .reason { color: #555; font-style: italic; }
        .error { color: #b00; white-space: pre-wrap; font-family: ui-monospace, monospace; }
        figure { display: inline-block; margin: 0 6px 0 0; }
        figcaption { font-size: 12px; color: #555; }
        img { image-rendering: pixelated; image-rendering: crisp-edges; border: 1px solid #999;
              background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        img.heat { background: #000; }
        td.images { white-space: nowrap; }
        \(ReportCompareView.css)
        </style>
        </head>
        <body>
        <h1>Lamina parity: \(escape(summary))</h1>
        <p>CPU reference (LaminaRaster) against GPU (LaminaGL). Pixels are counted when their largest channel difference \
        exceeds \(ImageComparison.fuzzyPixelThreshold). Heat map: black where equal, blue (1), cyan (4), yellow (16), \
        red (255). Images at their size in points (click one for its pixels); drag a slider to wipe the GPU image over \
        the CPU one, or flicker between them. \(failedCount == 0 ? "" : "\(failedCount) scene\(failedCount == 1 ? "" : "s") highlighted.")</p>
        <table>
        <tr><th>scene</th><th>metrics</th><th>tolerance</th><th>result</th><th>CPU | GPU | heat map</th><th>GPU over CPU</th></tr>

        """
        for e in entries { out += row(e) }
        out += "</table>\n<script>\n\(ReportCompareView.script)\n</script>\n</body>\n</html>\n"
        return out
    }

    private func row(_ e: Entry) -> String {
        var sceneCell = "<b>\(escape(e.name))</b>"
        if let url = e.sceneURL { sceneCell += "<br><small>\(escape(url.path))</small>" }
        if let d = e.sceneDescription, !d.isEmpty { sceneCell += "<div class=\"desc\">\(escape(d))</div>" }
        guard let r = e.result else {
            return "<tr class=\"fail\"><td>\(sceneCell)</td><td colspan=\"2\" class=\"error\">\(escape(e.error ?? ""))</td>"
                + "<td class=\"verdict\">\(e.errorVerdict)</td><td></td><td></td></tr>\n"
        }
        let metrics = "max diff \(r.maxDifference)<br>pixels &gt; \(ImageComparison.fuzzyPixelThreshold): "
            + "\(r.pixelsOverThreshold)<br>differing: \(r.differingPixels)<br>PSNR \(escape(r.psnr))"
            + "<br><small>\(e.width)x\(e.height) px</small>"
        var tolerance = escape(r.tolerance)
        if !r.toleranceIsStated { tolerance += " <small>(default)</small>" }
        if let reason = r.reason, !reason.isEmpty { tolerance += "<div class=\"reason\">\(escape(reason))</div>" }
        // At point size, as the scene is laid out; each image links to its PNG for the pixels.
        let w = ReportCompareView.points(e.width, scale: e.scale), h = ReportCompareView.points(e.height, scale: e.scale)
        let size = "width=\"\(w)\" height=\"\(h)\""
        func figure(_ suffix: String, _ caption: String, _ cls: String = "") -> String {
            let file = escape("\(e.stem)-\(suffix).png")
            return "<figure><a href=\"\(file)\"><img \(cls) src=\"\(file)\" \(size) alt=\"\(caption)\"></a>"
                + "<figcaption>\(caption)</figcaption></figure>"
        }
        let images = figure("cpu", "CPU") + figure("gpu", "GPU") + figure("heat", "heat map", "class=\"heat\"")
        let compare = ReportCompareView(under: .init(file: "\(e.stem)-cpu.png", label: "CPU"),
                                        over: .init(file: "\(e.stem)-gpu.png", label: "GPU"), pointWidth: w, pointHeight: h)
        let verdict = r.passed ? "PASS" : "FAIL"
        return "<tr class=\"\(r.passed ? "pass" : "fail")\"><td>\(sceneCell)</td><td class=\"metrics\">\(metrics)</td>"
            + "<td>\(tolerance)</td><td class=\"verdict\">\(verdict)</td><td class=\"images\">\(images)</td><td>\(compare.html)</td></tr>\n"
    }

    private func escape(_ s: String) -> String { HTML.escape(s) }
}

extension ParityResult {
    /// The metrics the report keeps once the images are on disk.
    struct Summary {
        var maxDifference: Int
        var pixelsOverThreshold: Int
        var differingPixels: Int
        var psnr: String
        var tolerance: String
        var toleranceIsStated: Bool
        var reason: String?
        var passed: Bool
    }

    var summary: Summary {
        Summary(maxDifference: comparison.maxDifference, pixelsOverThreshold: pixelsOverThreshold,
                differingPixels: comparison.differingPixels, psnr: ParityResult.psnrText(comparison.psnr),
                tolerance: toleranceText, toleranceIsStated: toleranceIsStated, reason: tolerance.reason,
                passed: passed)
    }
}
