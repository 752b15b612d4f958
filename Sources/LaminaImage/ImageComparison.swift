import Foundation

/// Pixel-by-pixel difference metrics between two images of the same size, as parity checks and
/// `lamina diff` report them.
///
/// All metrics are computed on the stored premultiplied RGBA8 bytes, alpha included, because that is what
/// both renderers produce and what must match; comparing straight alpha would magnify differences in
/// nearly transparent pixels that no one can see. A pixel's difference is its *largest* channel difference
/// (0-255), the quantity reftest-style `fuzzy(maxDiff, maxPixels)` tolerances are written against.
///
/// The comparison keeps a histogram of per-pixel differences, so the number of pixels over *any* threshold
/// can be asked for later (`pixelCount(over:)`) without comparing again, and the per-pixel differences
/// themselves, for the heat map.
public struct ImageComparison: Sendable, Equatable {
    /// A value for each of the four channels, in RGBA order.
    public struct PerChannel: Sendable, Equatable {
        public var r: Double
        public var g: Double
        public var b: Double
        public var a: Double

        public init(r: Double, g: Double, b: Double, a: Double) {
            self.r = r; self.g = g; self.b = b; self.a = a
        }
    }

    /// The pixel threshold of reftest-style tolerances: pixels whose largest channel difference exceeds
    /// this count against `maxPixels` (Lamina's design: "no pixel off by more than 2 of 255").
    public static let fuzzyPixelThreshold = 2

    /// Width of both images, in pixels.
    public let width: Int
    /// Height of both images, in pixels.
    public let height: Int
    /// The threshold `pixelsOverThreshold` was counted with.
    public let threshold: Int
    /// The largest difference of any channel of any pixel, 0-255; 0 means the images are identical.
    public let maxDifference: Int
    /// How many pixels have a largest channel difference greater than `threshold`.
    public let pixelsOverThreshold: Int
    /// How many pixels differ at all (largest channel difference greater than 0).
    public let differingPixels: Int
    /// Mean absolute difference of each channel over all pixels, 0-255.
    public let meanAbsoluteDifference: PerChannel
    /// Mean absolute difference over all four channels of all pixels, 0-255: a systematic one-step
    /// difference over a whole image shows here (1.0 for a canvas one step apart in every channel) even where
    /// it stays inside a fuzzy tolerance.
    public var meanDifference: Double {
        let m = meanAbsoluteDifference
        return (m.r + m.g + m.b + m.a) / 4
    }
    /// Mean squared difference over all channels of all pixels (alpha included).
    public let meanSquaredError: Double
    /// Peak signal-to-noise ratio in decibels, `10 * log10(255^2 / MSE)`; `+infinity` when identical.
    public let psnr: Double

    /// `histogram[d]` is the number of pixels whose largest channel difference is exactly `d`.
    public let histogram: [Int]
    /// The largest channel difference of each pixel, row by row, for the heat map.
    let pixelDifferences: [UInt8]

    /// Compares `first` with `second`.
    ///
    /// - Parameter threshold: pixels whose largest channel difference exceeds this are counted in
    ///   `pixelsOverThreshold`; the default is Lamina's parity default of 2.
    /// - Throws: `ImageError.sizeMismatch`, naming both sizes, when the images differ in size.
    public init(_ first: Image, _ second: Image, threshold: Int = 2) throws {
        guard first.width == second.width, first.height == second.height else {
            throw ImageError.sizeMismatch(
                "the first image is \(first.width)x\(first.height), the second \(second.width)x\(second.height)")
        }
        let count = first.width * first.height
        var histogram = [Int](repeating: 0, count: 256)
        var perPixel = [UInt8](repeating: 0, count: count)
        // Integer sums are exact; a 16384x16384 image of maximal differences stays far below Int.max.
        var absSums = (0, 0, 0, 0)
        var squareSum = 0
        first.pixels.withUnsafeBufferPointer { p in
            second.pixels.withUnsafeBufferPointer { q in
                for i in 0..<count {
                    let o = i * 4
                    let dr = abs(Int(p[o]) - Int(q[o]))
                    let dg = abs(Int(p[o + 1]) - Int(q[o + 1]))
                    let db = abs(Int(p[o + 2]) - Int(q[o + 2]))
                    let da = abs(Int(p[o + 3]) - Int(q[o + 3]))
                    absSums.0 += dr; absSums.1 += dg; absSums.2 += db; absSums.3 += da
                    squareSum += dr * dr + dg * dg + db * db + da * da
                    let d = max(max(dr, dg), max(db, da))
                    perPixel[i] = UInt8(d)
                    histogram[d] += 1
                }
            }
        }
        self.width = first.width
        self.height = first.height
        self.threshold = threshold
        self.histogram = histogram
        self.pixelDifferences = perPixel
        self.maxDifference = histogram.lastIndex(where: { $0 > 0 }) ?? 0
        self.differingPixels = count - histogram[0]
        self.pixelsOverThreshold = ImageComparison.count(in: histogram, over: threshold)
        let n = Double(max(count, 1))
        self.meanAbsoluteDifference = PerChannel(
            r: Double(absSums.0) / n, g: Double(absSums.1) / n, b: Double(absSums.2) / n, a: Double(absSums.3) / n)
        let mse = Double(squareSum) / (n * 4)
        self.meanSquaredError = mse
        self.psnr = mse == 0 ? .infinity : 10 * log10(255.0 * 255.0 / mse)
    }

    /// Whether the two images are identical, byte for byte.
    public var isIdentical: Bool { maxDifference == 0 }

    /// The number of pixels whose largest channel difference is greater than `threshold`.
    public func pixelCount(over threshold: Int) -> Int {
        ImageComparison.count(in: histogram, over: threshold)
    }

    /// Whether the difference is within a reftest-style `fuzzy(maxDiff, maxPixels)` tolerance.
    ///
    /// Passes when no channel of any pixel differs by more than `maxDiff`, and at most `maxPixels` pixels
    /// differ by more than `fuzzyPixelThreshold` (2). `fuzzy(0, 0)` therefore demands identical images, and
    /// `fuzzy(2, 0)` is Lamina's default parity tolerance.
    public func isWithin(maxDiff: Int, maxPixels: Int) -> Bool {
        maxDifference <= maxDiff && pixelCount(over: ImageComparison.fuzzyPixelThreshold) <= maxPixels
    }

    /// The largest channel difference of the pixel at (x, y), 0-255.
    public func difference(x: Int, y: Int) -> Int {
        Int(pixelDifferences[y * width + x])
    }

    private static func count(in histogram: [Int], over threshold: Int) -> Int {
        let start = max(0, threshold + 1)
        guard start < histogram.count else { return 0 }
        return histogram[start...].reduce(0, +)
    }
}

extension ImageComparison {
    /// The first pixel (row by row) with the largest channel difference; nil when the images are identical.
    public var largestDifferenceAt: (x: Int, y: Int)? {
        guard maxDifference > 0, width > 0 else { return nil }
        guard let i = pixelDifferences.firstIndex(of: UInt8(maxDifference)) else { return nil }
        return (i % width, i / width)
    }

    /// The smallest rectangle (x0, y0 inclusive; x1, y1 exclusive) holding every pixel whose largest channel
    /// difference exceeds `threshold`; nil when none does.
    public func boundingBox(over threshold: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for (i, d) in pixelDifferences.enumerated() where Int(d) > threshold {
            let x = i % width, y = i / width
            x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
        }
        return x1 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
    }
}
