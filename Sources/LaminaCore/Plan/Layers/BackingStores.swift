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

    /// The stroke cache's bytes.
    static let strokeCapacity = 64 << 20

    /// Shape layers' stroke outlines, 64 MiB: a path stroked with one style at one tolerance has one outline,
    /// so a frame after the first strokes only what changed (`Stroker` is most of a stroke-heavy plan).
    static let strokes = ByteBoundedCache<StrokeKey, StrokeOutlines>(capacityBytes: strokeCapacity) {
        Polyline.bytes(of: $0.polylines)
    }

    /// Filled paths flattened, 64 MiB, by path and tolerance (`pathOps`): the cells of a list sharing a shape,
    /// and every unchanged shape of the next frame's plan, are flattened once; a frame's fills then hold the
    /// same polylines, which the renderers' kept coverage compares at once (`PathCoverageKey`).
    static let fills = ByteBoundedCache<FlattenKey, FlattenedPath>(capacityBytes: 64 << 20) {
        Polyline.bytes(of: $0.polylines)
    }
}

/// A filled path's polylines and the segments its flattening is charged.
struct FlattenedPath {
    let polylines: [Polyline]
    let segments: Int
}

/// A stroke's outlines with what each plan asks of them: the segments its path's flattening is charged,
/// the outlines' bounds and their vertex count (a stroke of many dashes has tens of thousands of vertices;
/// measuring them again was a tenth of a warm frame).
struct StrokeOutlines {
    let polylines: [Polyline]
    let segments: Int
    let bounds: CGRect
    let pointCount: Int

    init(_ polylines: [Polyline], segments: Int) {
        self.polylines = polylines
        self.segments = segments
        bounds = Polyline.bounds(of: polylines)
        pointCount = polylines.reduce(0) { $0 + $1.points.count }
    }
}

/// What a stroke's outlines are made of: the path, the stroke's parameters and the flattening tolerance.
struct StrokeKey: Hashable {
    let path: Path
    let style: StrokeStyle
    let tolerance: Double

    /// The segments the path flattens to for the stroke: what the plan charges for it.
    var segmentCount: Int {
        path.flattenedSegmentCount(tolerance: tolerance,
                                   tightTurns: PathAccuracy.tightTurns(strokeWidth: style.width, tolerance: tolerance))
    }

    /// The path stroked, charged `segments` (`segmentCount`).
    func stroke(segments: Int) -> StrokeOutlines {
        StrokeOutlines(Stroker.stroke(path, style, tolerance: tolerance), segments: segments)
    }
}
