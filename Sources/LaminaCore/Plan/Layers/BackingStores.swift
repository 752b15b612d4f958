import Foundation
import LaminaImage
import LaminaText
import LaminaGraph
import LaminaGeometry

/// The process's cache of text layers' stores, 512 MiB: a frame holds every store it draws anyway, so the
/// cache keeps between frames what one frame needs (10 000 distinct labels take about 210 MiB). (Drawn
/// layers' stores are passes, kept by the renderers.)
enum BackingStores {
    static let text = ByteBoundedCache<TextBox, Bitmap>(capacityBytes: 512 << 20) { $0.width * $0.height * 4 }

    /// Shape layers' stroke outlines, 64 MiB: a path stroked with one style at one tolerance has one outline,
    /// so a frame after the first strokes only what changed (`Stroker` is most of a stroke-heavy plan).
    static let strokes = ByteBoundedCache<StrokeKey, [Polyline]>(capacityBytes: 64 << 20) { outlines in
        outlines.reduce(0) { $0 + 64 + $1.points.count * MemoryLayout<CGPoint>.stride }
    }
}

/// What a stroke's outlines are made of: the path, the stroke's parameters and the flattening tolerance.
struct StrokeKey: Hashable {
    let path: Path
    let style: StrokeStyle
    let tolerance: Double
}
