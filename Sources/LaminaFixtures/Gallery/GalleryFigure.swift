import Foundation
import LaminaCore
import LaminaImage

/// One figure of the built-in gallery: a layer tree built in code the way the book's listing builds it,
/// and the exact text of that code.
///
/// `code` is not written by hand: it is the text of the functions in `functions`, as they stand in
/// `sourceFile`, and `DemoListingTests` fails when the two diverge, so what the demo page shows is
/// always the code that drew the picture.
public struct GalleryFigure {
    /// The figure's number in the book ("4.2"), or a short name for figures from other chapters.
    public let number: String
    /// What the figure shows, in a line.
    public let title: String
    /// Where it comes from in "iOS Core Animation: Advanced Techniques" (chapter, figure, listing).
    public let reference: String
    /// The canvas, in points.
    public let width: Double
    public let height: Double
    /// The file under `Sources/LaminaFixtures/Gallery/Figures/` that holds the code.
    public let sourceFile: String
    /// The functions, in order, whose text `code` is.
    public let functions: [String]
    /// The Swift code shown beside the picture: the functions named in `functions`, verbatim.
    public let code: String
    /// Builds the figure's layers under the canvas's root layer (the book's view controller's view).
    let build: (Layer) -> Void
    /// For an animated figure, the span of scene time the demo plays (as an animated WebP) and its frame rate;
    /// the still image is the moment `stillTime`.
    public var timeline: ClosedRange<Double>?
    public var fps: Double = 30
    public var stillTime: Double = 0

    init(number: String, title: String, reference: String, width: Double = 520, height: Double = 280,
         sourceFile: String, functions: [String], code: String, build: @escaping (Layer) -> Void) {
        self.number = number; self.title = title; self.reference = reference
        self.width = width; self.height = height
        self.sourceFile = sourceFile; self.functions = functions; self.code = code; self.build = build
    }

    /// A name for files: "figure-4.02", "figure-sprites".
    public var slug: String {
        let parts = number.split(separator: ".")
        if parts.count == 2, let minor = Int(parts[1]) {
            return "figure-\(parts[0]).\(minor < 10 ? "0" : "")\(minor)"
        }
        return "figure-" + number.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// "Figure 4.2", or the name for figures outside the numbered set.
    public var label: String {
        number.first?.isNumber == true ? "Figure \(number)" : number
    }

    /// A fresh scene holding the figure: a new layer tree every call, so renders never share state. An
    /// animated figure's scene is drawn at `stillTime` unless planned at another moment.
    public func makeScene(scale: Double = 1) -> Scene {
        let scene = Scene(width: width, height: height, scale: scale, background: Gallery.background)
        build(scene.root)
        if timeline != nil { scene.time = stillTime }
        return scene
    }

    /// The moments of the figure's timeline at `fps` (empty for a still figure).
    public var frameTimes: [Double] {
        guard let span = timeline else { return [] }
        return MediaTiming.frameTimes(from: span.lowerBound, to: span.upperBound, fps: fps)
    }
}
