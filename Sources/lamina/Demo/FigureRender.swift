import Foundation
import LaminaCore
import LaminaFixtures
import LaminaImage

/// What rendering one gallery figure produced: the files written (relative to the output folder), how long
/// each backend took, and the comparison when both ran.
struct FigureRender {
    let figure: GalleryFigure
    var gpuFile: String?
    var cpuFile: String?
    var diffFile: String?
    var gpuMilliseconds: Double?
    var cpuMilliseconds: Double?
    var comparison: ImageComparison?
    /// For an animated figure: its timeline as an animated WebP per backend, and the time each took to draw
    /// every frame (planning included, encoding not) on one renderer, which keeps what did not change.
    var gpuAnimation: String?
    var cpuAnimation: String?
    var gpuTimelineMilliseconds: Double?
    var cpuTimelineMilliseconds: Double?
    /// A backend or file error, shown on the page in place of the missing image.
    var errors: [String] = []
}
