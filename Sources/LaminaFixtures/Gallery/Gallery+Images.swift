import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

/// The images the figures use, generated in code so the gallery carries no files.
///
/// Each image is a function from a point in pixel space to a straight-alpha colour, sampled 4x4 times per
/// pixel and averaged in premultiplied form, so edges are antialiased the way an exported PNG's would be.
/// Pixel-art images (digits, label text, the invader) are drawn one sample per pixel: their hard pixels are
/// the point of the figures that magnify them.
extension Gallery {
    /// A five-pointed gold star on a transparent ground, 128 x 128 pixels: a backing image whose alpha has a shape.
    public static func starImage() -> Bitmap {
        let points = starPolygon(center: (64, 66), outer: 60, inner: 25)
        let image = shade(width: 128, height: 128) { x, y in
            guard inside(points, x, y) else { return nil }
            // A little shading so the star reads as an image rather than a flat shape.
            let t = max(0, min(1, (y - 6) / 120))
            return Color(red: 1, green: 0.85 - 0.3 * t, blue: 0.15, alpha: 1)
        }
        return Bitmap(image: image, origin: "@gallery/star")
    }

    /// A small landscape (sky, sun, striped hills), 128 x 128: the "photograph" of the masking and filtering
    /// figures, with curves and diagonals that show filtering differences.
    public static func landscapeImage() -> Bitmap {
        let image = shade(width: 128, height: 128) { x, y in
            let hill1 = 84 + 14 * sin(x / 18)
            let hill2 = 100 + 10 * sin(x / 11 + 2)
            if y > hill2 {
                let stripe = Int(((x + y) / 6).rounded(.down)) % 2 == 0
                return stripe ? Color(red: 0.2, green: 0.55, blue: 0.15) : Color(red: 0.3, green: 0.7, blue: 0.2)
            }
            if y > hill1 {
                let stripe = Int(((x - y) / 5).rounded(.down)) % 2 == 0
                return stripe ? Color(red: 0.45, green: 0.75, blue: 0.3) : Color(red: 0.55, green: 0.85, blue: 0.35)
            }
            let dx = x - 88, dy = y - 36
            if dx * dx + dy * dy < 16 * 16 { return Color(red: 1, green: 0.85, blue: 0.2) }
            let t = y / 100
            return Color(red: 0.25 + 0.5 * t, green: 0.5 + 0.35 * t, blue: 0.95)
        }
        return Bitmap(image: image, origin: "@gallery/landscape")
    }

    /// LCD digits 0 to 9 as seven-segment pixel glyphs, 10 x 16 pixels each, side by side (100 x 16): the
    /// sprite sheet of the clock figures. Each digit is a tenth of the sheet's width.
    public static func lcdDigitsImage() -> Bitmap {
        // Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle).
        let segments: [String] = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"]
        var image = Image(width: 100, height: 16)
        let ink: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (20, 40, 30, 255)
        for (digit, lit) in segments.enumerated() {
            let ox = digit * 10
            func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
                for y in y0..<y1 { for x in x0..<x1 { image.setPixel(x: ox + x, y: y, ink) } }
            }
            for s in lit {
                switch s {
                case "a": fill(3, 1, 7, 2)
                case "b": fill(7, 2, 8, 7)
                case "c": fill(7, 9, 8, 14)
                case "d": fill(3, 14, 7, 15)
                case "e": fill(2, 9, 3, 14)
                case "f": fill(2, 2, 3, 7)
                default: fill(3, 7, 7, 9)
                }
            }
        }
        return Bitmap(image: image, origin: "@gallery/lcd-digits")
    }

    /// `text` in a 5 x 7 pixel font (capitals, digits and space), black on transparent, one pixel between
    /// letters and one pixel of margin all round: the label of the group-opacity button.
    public static func pixelTextImage(_ text: String) -> Bitmap {
        let glyphs = Array(text.uppercased())
        let width = glyphs.count * 6 + 1
        var image = Image(width: width, height: 9)
        for (i, ch) in glyphs.enumerated() {
            let rows = pixelFont[ch] ?? pixelFont["?"]!
            for (y, row) in rows.enumerated() {
                for (x, bit) in row.enumerated() where bit == "#" {
                    image.setPixel(x: 1 + i * 6 + x, y: 1 + y, (0, 0, 0, 255))
                }
            }
        }
        return Bitmap(image: image, origin: "@gallery/text")
    }

    /// A 12 x 9 pixel-art invader: a tiny image with no diagonals, for the nearest-neighbour figure.
    public static func invaderImage() -> Bitmap {
        let rows = [
            "..#.....#...",
            "...#...#....",
            "..#######...",
            ".##.###.##..",
            "###########.",
            "#.#######.#.",
            "#.#.....#.#.",
            "...##.##....",
            "............",
        ]
        var image = Image(width: 12, height: 9)
        for (y, row) in rows.enumerated() {
            for (x, c) in row.enumerated() where c == "#" { image.setPixel(x: x, y: y, (90, 40, 160, 255)) }
        }
        return Bitmap(image: image, origin: "@gallery/invader")
    }

    /// A 32 x 32 rounded frame (radius 10, a 3-pixel dark border, a light fill): the image a nine-slice
    /// `contentsCenter` stretches without distorting its corners.
    public static func frameImage() -> Bitmap {
        let image = shade(width: 32, height: 32) { x, y in
            let d = roundedRectDistance(x, y, rect: (0.5, 0.5, 31.5, 31.5), radius: 10)
            if d > 0 { return nil }
            return d > -3 ? Color(red: 0.1, green: 0.2, blue: 0.5) : Color(red: 0.75, green: 0.85, blue: 1)
        }
        return Bitmap(image: image, origin: "@gallery/frame")
    }

    /// A 2 x 2 sprite sheet of 64-pixel sprites (a red ball, a green square, a blue triangle, an orange
    /// diamond) on a transparent ground, 128 x 128: for `contentsRect`.
    public static func spriteSheetImage() -> Bitmap {
        let image = shade(width: 128, height: 128) { x, y in
            let cell = (Int(x) / 64, Int(y) / 64)
            let u = x.truncatingRemainder(dividingBy: 64) - 32, v = y.truncatingRemainder(dividingBy: 64) - 32
            switch cell {
            case (0, 0): return u * u + v * v < 26 * 26 ? Color(red: 0.9, green: 0.15, blue: 0.15) : nil
            case (1, 0): return abs(u) < 22 && abs(v) < 22 ? Color(red: 0.2, green: 0.7, blue: 0.25) : nil
            case (0, 1): return v < 24 && v > -26 && abs(u) < (v + 26) * 0.52 ? Color(red: 0.2, green: 0.35, blue: 0.9) : nil
            default: return abs(u) + abs(v) < 28 ? Color(red: 1, green: 0.55, blue: 0.1) : nil
            }
        }
        return Bitmap(image: image, origin: "@gallery/sprites")
    }

    /// An upward arrow over a bar, 40 x 40: an image whose orientation shows where gravity put it.
    public static func arrowImage() -> Bitmap {
        let image = shade(width: 40, height: 40) { x, y in
            let u = x - 20
            if y >= 4 && y < 20 && abs(u) < (y - 4) * 0.9 { return Color(red: 0.8, green: 0.1, blue: 0.3) }
            if y >= 20 && y < 32 && abs(u) < 5 { return Color(red: 0.8, green: 0.1, blue: 0.3) }
            if y >= 33 && y < 37 && abs(u) < 16 { return Color(white: 0.15) }
            return nil
        }
        return Bitmap(image: image, origin: "@gallery/arrow")
    }

    // MARK: Drawing helpers

    /// Samples `color` 4 x 4 times per pixel (nil is transparent) and averages in premultiplied form.
    static func shade(width: Int, height: Int, _ color: (Double, Double) -> Color?) -> Image {
        var image = Image(width: width, height: height)
        let n = 4
        for py in 0..<height {
            for px in 0..<width {
                var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let x = Double(px) + (Double(sx) + 0.5) / Double(n)
                        let y = Double(py) + (Double(sy) + 0.5) / Double(n)
                        guard let c = color(x, y) else { continue }
                        r += c.red * c.alpha; g += c.green * c.alpha; b += c.blue * c.alpha; a += c.alpha
                    }
                }
                let k = 255.0 / Double(n * n)
                func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * k).rounded()))) }
                image.setPixel(x: px, y: py, (byte(r), byte(g), byte(b), byte(a)))
            }
        }
        return image
    }

    /// The vertices of a five-pointed star, first point straight up (y down).
    static func starPolygon(center: (Double, Double), outer: Double, inner: Double) -> [(Double, Double)] {
        (0..<10).map { i in
            let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
            let r = i % 2 == 0 ? outer : inner
            return (center.0 + r * cos(angle), center.1 + r * sin(angle))
        }
    }

    /// Even-odd point-in-polygon test.
    static func inside(_ polygon: [(Double, Double)], _ x: Double, _ y: Double) -> Bool {
        var result = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let (xi, yi) = polygon[i], (xj, yj) = polygon[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { result.toggle() }
            j = i
        }
        return result
    }

    /// Signed distance from (x, y) to a rounded rect given as (minX, minY, maxX, maxY); negative inside.
    static func roundedRectDistance(_ x: Double, _ y: Double, rect: (Double, Double, Double, Double),
                                    radius: Double) -> Double {
        let cx = (rect.0 + rect.2) / 2, cy = (rect.1 + rect.3) / 2
        let hx = (rect.2 - rect.0) / 2 - radius, hy = (rect.3 - rect.1) / 2 - radius
        let qx = abs(x - cx) - hx, qy = abs(y - cy) - hy
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    /// A 5 x 7 pixel font: the capitals, digits and marks the gallery's labels use.
    static let pixelFont: [Character: [String]] = [
        "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        "B": ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
        "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
        "D": ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
        "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
        "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        "I": [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
        "K": ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
        "L": ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
        "N": ["#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"],
        "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        "P": ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
        "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
        "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
        "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
        "U": ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"],
        "Y": ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
        " ": [".....", ".....", ".....", ".....", ".....", ".....", "....."],
        "?": [".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."],
    ]
}
