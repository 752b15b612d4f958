import Foundation
import LaminaCore
import LaminaImage

/// One scene rendered on both backends, the two images, and how far apart they are.
public struct ParityResult: Sendable {
    /// The scene's name: its file name without `.json`.
    public let name: String
    /// The scene file, when the scene was read from one.
    public let sceneURL: URL?
    /// What the scene shows or tests, from the document's `description`.
    public let sceneDescription: String?
    /// The tolerance the scene is judged against: its own, or `Tolerance.default` when it states none.
    public let tolerance: Tolerance
    /// Whether `tolerance` was stated by the scene rather than defaulted.
    public let toleranceIsStated: Bool
    /// The reference image, from `LaminaRaster`.
    public let cpu: Image
    /// The image under test, from `LaminaGL`.
    public let gpu: Image
    /// CPU versus GPU, pixels counted over `ImageComparison.fuzzyPixelThreshold`.
    public let comparison: ImageComparison
    /// Wall-clock rendering time of each backend, in seconds (planning excluded).
    public let cpuSeconds: Double
    public let gpuSeconds: Double
    /// The scene's pixels a point, so a report can show the images at their size in points.
    public let scale: Double

    /// Whether the GPU image is within the scene's `fuzzy(maxDiff, maxPixels)` tolerance of the CPU image.
    public var passed: Bool {
        comparison.isWithin(maxDiff: tolerance.maxDiff, maxPixels: tolerance.maxPixels)
    }

    /// Pixels whose largest channel difference exceeds the parity threshold of 2.
    public var pixelsOverThreshold: Int {
        comparison.pixelCount(over: ImageComparison.fuzzyPixelThreshold)
    }

    /// `fuzzy(maxDiff, maxPixels)`, the reftest spelling of the tolerance.
    public var toleranceText: String { ParityResult.fuzzyText(tolerance) }

    /// One line for a failure message: the metrics against the tolerance.
    public var metricsText: String {
        "largest channel difference \(comparison.maxDifference), \(pixelsOverThreshold) pixels differ by more than "
            + "\(ImageComparison.fuzzyPixelThreshold), PSNR \(ParityResult.psnrText(comparison.psnr)); "
            + "tolerance \(toleranceText)"
    }

    /// `fuzzy(2, 0)` for a tolerance.
    public static func fuzzyText(_ t: Tolerance) -> String { "fuzzy(\(t.maxDiff), \(t.maxPixels))" }

    /// PSNR in decibels with two decimals, or `inf` for identical images.
    public static func psnrText(_ psnr: Double) -> String {
        psnr.isFinite ? String(format: "%.2f dB", psnr) : "inf"
    }

    /// Builds a result from two images already rendered.
    ///
    /// - Throws: `ParityError.sizeMismatch` when the images differ in size.
    public init(name: String, sceneURL: URL? = nil, sceneDescription: String? = nil, tolerance: Tolerance?,
                cpu: Image, gpu: Image, cpuSeconds: Double = 0, gpuSeconds: Double = 0, scale: Double = 1) throws {
        guard cpu.width == gpu.width, cpu.height == gpu.height else {
            throw ParityError.sizeMismatch(scene: name, cpu: "\(cpu.width)x\(cpu.height)",
                                           gpu: "\(gpu.width)x\(gpu.height)")
        }
        self.name = name
        self.sceneURL = sceneURL
        self.sceneDescription = sceneDescription
        self.tolerance = tolerance ?? .default
        self.toleranceIsStated = tolerance != nil
        self.cpu = cpu
        self.gpu = gpu
        self.comparison = try ImageComparison(cpu, gpu, threshold: ImageComparison.fuzzyPixelThreshold)
        self.cpuSeconds = cpuSeconds
        self.gpuSeconds = gpuSeconds
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }
}
