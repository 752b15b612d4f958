import Foundation
import LaminaCore
import LaminaImage

/// The demo's index.html: per figure, its title and book reference, the GPU image, the CPU image, the
/// difference heat map with its metrics, and the Swift code that built it.
///
/// The page is one self-contained file (inline CSS, images by relative path), so the output folder can
/// be opened, zipped or served as it is. Every piece of text from the gallery passes through `HTML.escape`.
struct DemoPage {
    var renders: [FigureRender]
    var backends: DemoBackends
    var scale: Double
    /// The GPU, as `GPUInfo` describes it, when the GPU backend ran.
    var gpuDescription: String?
    var totalSeconds: Double

    var html: String {
        var s = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Lamina demo: iOS Core Animation, chapter 4</title>
        <style>
        body { font: 14px/1.4 -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #222; background: #fafafa; }
        h1 { font-size: 22px; margin-bottom: 4px; }
        .meta { color: #666; margin-bottom: 24px; }
        section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 16px; margin-bottom: 28px; }
        h2 { font-size: 17px; margin: 0 0 2px; }
        .ref { color: #666; margin-bottom: 12px; }
        .images { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; }
        figure img { display: block; max-width: 100%; border: 1px solid #ccc; image-rendering: auto; }
        figcaption { font-size: 12px; color: #555; margin-top: 4px; }
        .missing { padding: 20px; border: 1px dashed #bbb; color: #888; }
        .error { color: #b00; white-space: pre-wrap; }
        pre { background: #f4f4f4; border: 1px solid #e2e2e2; padding: 12px; overflow-x: auto; font: 12px/1.45 Menlo, Consolas, monospace; }
        </style>
        </head>
        <body>
        <h1>Lamina demo: Visual Effects</h1>

        """
        s += "<p class=\"meta\">" + HTML.escape(summary) + "</p>\n"
        for render in renders { s += section(render) }
        s += "</body>\n</html>\n"
        return s
    }

    /// The line under the heading: what was rendered, on what, how long it took.
    var summary: String {
        var parts = ["\(renders.count) figures from Nick Lockwood, \u{201C}iOS Core Animation: Advanced Techniques\u{201D}, "
            + "chapter 4 (Visual Effects), with a few from chapters 2 and 5, rebuilt with Lamina's layer API."]
        parts.append("Backends: \(backends.rawValue); canvas scale \(DemoPage.number(scale)).")
        if let gpuDescription { parts.append("GPU: \(gpuDescription).") }
        if !backends.usesGPU { parts.append("GPU images not rendered (--backend cpu).") }
        if !backends.usesCPU { parts.append("CPU images not rendered (--backend gpu).") }
        parts.append(String(format: "Rendered in %.2f s.", totalSeconds))
        return parts.joined(separator: " ")
    }

    private func section(_ r: FigureRender) -> String {
        let f = r.figure
        var s = "<section id=\"\(HTML.escape(f.slug))\">\n"
        s += "<h2>\(HTML.escape(f.label)): \(HTML.escape(f.title))</h2>\n"
        s += "<div class=\"ref\">\(HTML.escape(f.reference))</div>\n<div class=\"images\">\n"
        s += image(r.gpuFile, width: f.width, caption: "GPU (OpenGL ES 3)" + DemoPage.time(r.gpuMilliseconds),
                   missing: backends.usesGPU ? "GPU render failed" : "GPU not rendered (--backend cpu)")
        s += image(r.cpuFile, width: f.width, caption: "CPU reference" + DemoPage.time(r.cpuMilliseconds),
                   missing: backends.usesCPU ? "CPU render failed" : "CPU not rendered (--backend gpu)")
        if let c = r.comparison {
            s += image(r.diffFile, width: f.width, caption: DemoPage.metrics(c), missing: "heat map not written")
        }
        if let span = f.timeline {
            let frames = f.frameTimes.count
            let what = String(format: "%d frames, %.3g-%.3g s at %g fps", frames, span.lowerBound, span.upperBound, f.fps)
            if let file = r.gpuAnimation {
                s += image(file, width: f.width, caption: "GPU, animated (\(what))" + DemoPage.time(r.gpuTimelineMilliseconds),
                           missing: "")
            }
            if let file = r.cpuAnimation {
                s += image(file, width: f.width, caption: "CPU, animated (\(what))" + DemoPage.time(r.cpuTimelineMilliseconds),
                           missing: "")
            }
        }
        s += "</div>\n"
        for e in r.errors { s += "<p class=\"error\">\(HTML.escape(e))</p>\n" }
        s += "<pre><code>// \(HTML.escape(f.sourceFile))\n\(HTML.escape(f.code))</code></pre>\n</section>\n"
        return s
    }

    /// Images are shown at their size in points, so a 2x render is as sharp as the screen allows.
    private func image(_ file: String?, width: Double, caption: String, missing: String) -> String {
        guard let file else {
            return "<figure><div class=\"missing\">\(HTML.escape(missing))</div></figure>\n"
        }
        return "<figure><img src=\"\(HTML.escape(file))\" alt=\"\(HTML.escape(caption))\" "
            + "width=\"\(DemoPage.number(width))\"><figcaption>\(HTML.escape(caption))</figcaption></figure>\n"
    }

    /// "max difference 1/255, PSNR 58.1 dB, 12 pixels over 2".
    static func metrics(_ c: ImageComparison) -> String {
        if c.isIdentical { return "Difference: identical" }
        let psnr = c.psnr.isInfinite ? "inf" : String(format: "%.1f", c.psnr)
        return "Difference: max \(c.maxDifference)/255, PSNR \(psnr) dB, "
            + "\(c.pixelsOverThreshold) pixels over \(c.threshold), \(c.differingPixels) differing"
    }

    static func time(_ ms: Double?) -> String {
        guard let ms else { return "" }
        return String(format: ", %.1f ms", ms)
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
