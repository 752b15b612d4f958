import Foundation
import LaminaImage

/// The three pictures of a parity result on disk: CPU, GPU and the heat map of their difference.
public struct ParityImages: Sendable, Equatable {
    public let cpu: URL
    public let gpu: URL
    public let heatMap: URL

    /// Writes `<stem>-cpu.png`, `<stem>-gpu.png` and `<stem>-heat.png` into `directory` (created if
    /// missing), each atomically through `PNG.write`.
    ///
    /// - Parameter stem: the file-name stem; the result's name when nil.
    public static func write(_ result: ParityResult, to directory: URL, stem: String? = nil) throws -> ParityImages {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let base = stem ?? result.name
        let images = ParityImages(
            cpu: directory.appendingPathComponent("\(base)-cpu.png"),
            gpu: directory.appendingPathComponent("\(base)-gpu.png"),
            heatMap: directory.appendingPathComponent("\(base)-heat.png"))
        try PNG.write(result.cpu, to: images.cpu)
        try PNG.write(result.gpu, to: images.gpu)
        try PNG.write(result.comparison.heatMap(), to: images.heatMap)
        return images
    }
}
