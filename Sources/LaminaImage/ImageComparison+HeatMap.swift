import Foundation

extension ImageComparison {
    /// A picture of where the images differ: opaque black where pixels are equal, and a colour ramp from
    /// blue through cyan and yellow to red by each pixel's largest channel difference.
    ///
    /// The ramp runs on a logarithmic scale of the difference (1 -> blue, 16 -> yellow, 255 -> red) because
    /// the differences parity checks care about are small: on a linear scale a difference of 1 or 2 would be
    /// a colour barely brighter than black. Even the smallest difference is a clearly visible blue, and the
    /// cyan stop keeps the blue-to-yellow stretch bright instead of passing through a muddy grey.
    public func heatMap() -> Image {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        // Cache the 256 possible colours; the ramp involves a logarithm per entry.
        let palette = (0...255).map { ImageComparison.heatColor(difference: $0) }
        pixelDifferences.withUnsafeBufferPointer { d in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<d.count {
                    let c = palette[Int(d[i])]
                    o[i * 4] = c.r; o[i * 4 + 1] = c.g; o[i * 4 + 2] = c.b; o[i * 4 + 3] = 255
                }
            }
        }
        return Image(width: width, height: height, premultipliedRGBA: out) ?? Image(width: width, height: height)
    }

    /// The ramp's stops: position on the log scale, and colour.
    static let heatStops: [(t: Double, r: Double, g: Double, b: Double)] = [
        (0.0, 48, 96, 255),   // blue, for a difference of 1
        (0.25, 0, 210, 230),  // cyan, for 4
        (0.5, 255, 230, 0),   // yellow, for 16
        (1.0, 255, 0, 0),     // red, for 255
    ]

    /// The heat-map colour for a largest channel difference `difference` (0-255, clamped): black for 0.
    public static func heatColor(difference: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let d = min(max(difference, 0), 255)
        guard d > 0 else { return (0, 0, 0) }
        let t = log(Double(d)) / log(255.0)
        var lower = heatStops[0], upper = heatStops[heatStops.count - 1]
        for (a, b) in zip(heatStops, heatStops.dropFirst()) where t >= a.t && t <= b.t {
            lower = a; upper = b
            break
        }
        let f = upper.t > lower.t ? (t - lower.t) / (upper.t - lower.t) : 0
        func mix(_ x: Double, _ y: Double) -> UInt8 { UInt8(min(255, max(0, (x + (y - x) * f).rounded()))) }
        return (mix(lower.r, upper.r), mix(lower.g, upper.g), mix(lower.b, upper.b))
    }
}
