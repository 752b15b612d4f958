import Foundation
import LaminaImage
import LaminaText

/// The picture of a report, `montage.png`: per scene a title line (its name and verdict) over its images side
/// by side, each with its caption under it ("CPU", "GPU", "heat map"; "render", "reference", "difference").
///
/// Labels are drawn by Lamina's own text engine (FreeType and HarfBuzz through `TextEngine`), in DejaVu Sans,
/// the font CI installs. A label that cannot be drawn (no font on the machine) is left out rather than failing
/// the report: the images are the point of the picture. Images stay at their pixel size, as in the PNGs.
struct ReportMontage {
    /// One scene: a title and its captioned images, left to right.
    struct Row {
        var title: String
        var cells: [(caption: String, image: Image)]
    }

    private(set) var rows: [Row] = []
    /// Pixels between images, and around the whole.
    var gap = 8
    /// The captions' and titles' size in pixels.
    var fontSize = 13.0

    var isEmpty: Bool { rows.isEmpty }

    mutating func add(title: String, cells: [(caption: String, image: Image)]) {
        rows.append(Row(title: title, cells: cells))
    }

    /// The montage: `Image.montage` of a title row and an image row per scene.
    func image() -> Image {
        var lines: [[Image]] = []
        for row in rows {
            let cells = row.cells.map { captioned($0.image, $0.caption) }
            let width = cells.reduce(0) { $0 + $1.width } + gap * max(0, cells.count - 1)
            if let title = label(row.title, width: width, bold: true) { lines.append([title]) }
            lines.append(cells)
        }
        return Image.montage(rows: lines, gap: gap)
    }

    /// `image` with `caption` under it, in a transparent image as wide as `image` (the montage's background
    /// shows through).
    private func captioned(_ image: Image, _ caption: String) -> Image {
        guard let text = label(caption, width: image.width, bold: false) else { return image }
        var out = Image(width: image.width, height: image.height + 3 + text.height)
        Self.copy(image, into: &out, y: 0)
        Self.copy(text, into: &out, y: image.height + 3)
        return out
    }

    /// One line of light text, `width` pixels wide, cut with an ellipsis when longer; nil when it cannot be
    /// drawn.
    private func label(_ text: String, width: Int, bold: Bool) -> Image? {
        guard width > 0, !text.isEmpty else { return nil }
        let attributes = TextAttributes(font: bold ? "DejaVu Sans-Bold" : "DejaVu Sans", fontSize: fontSize,
                                        color: TextColor(red: 0.92, green: 0.92, blue: 0.92, alpha: 1))
        let box = TextBox(spans: [TextSpan(text, attributes)], width: Double(width),
                          height: (fontSize * 1.4).rounded(.up), alignment: .left, truncation: .end)
        guard let image = try? TextEngine.shared.render(box), image.width > 0, image.height > 0 else { return nil }
        return image
    }

    /// Copies `source` into `target` at the left edge, row `y`, replacing the pixels (both premultiplied);
    /// rows past `target`'s are dropped.
    private static func copy(_ source: Image, into target: inout Image, y: Int) {
        let columns = min(source.width, target.width) * 4
        for row in 0..<source.height where y + row < target.height {
            let from = row * source.width * 4, to = (y + row) * target.width * 4
            target.pixels.replaceSubrange(to..<to + columns, with: source.pixels[from..<from + columns])
        }
    }
}
