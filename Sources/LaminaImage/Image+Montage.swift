import Foundation

extension Image {
    /// Images laid out in rows, left to right and top to bottom, `gap` pixels apart on an opaque
    /// background: the picture of a parity report (CPU | GPU | heat map per scene).
    public static func montage(rows: [[Image]], gap: Int = 8,
                               background: (UInt8, UInt8, UInt8) = (48, 48, 48)) -> Image {
        let widths = rows.map { row in row.reduce(0) { $0 + $1.width } + gap * max(0, row.count - 1) }
        let heights = rows.map { row in row.map(\.height).max() ?? 0 }
        let w = (widths.max() ?? 0) + 2 * gap
        let h = heights.reduce(0, +) + gap * (rows.count + 1)
        var out = Image(width: max(1, w), height: max(1, h))
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            out.pixels[i] = background.0; out.pixels[i + 1] = background.1
            out.pixels[i + 2] = background.2; out.pixels[i + 3] = 255
        }
        var y = gap
        for (r, row) in rows.enumerated() {
            var x = gap
            for img in row {
                for j in 0..<img.height {
                    for i in 0..<img.width {
                        // Source-over onto the opaque background, so transparent pixels show it.
                        let p = img.pixel(x: i, y: j)
                        let inv = 255 - Int(p.a)
                        let o = ((y + j) * out.width + x + i) * 4
                        out.pixels[o] = UInt8(Int(p.r) + (Int(out.pixels[o]) * inv + 127) / 255)
                        out.pixels[o + 1] = UInt8(Int(p.g) + (Int(out.pixels[o + 1]) * inv + 127) / 255)
                        out.pixels[o + 2] = UInt8(Int(p.b) + (Int(out.pixels[o + 2]) * inv + 127) / 255)
                    }
                }
                x += img.width + gap
            }
            y += heights[r] + gap
        }
        return out
    }
}
