import Foundation
import LaminaKit
import SnapshotTesting

/// Snapshot strategies for pointfreeco's swift-snapshot-testing that render with Lamina, on Linux as on macOS:
///
/// ```swift
/// import LaminaSnapshotTesting
/// assertSnapshot(of: card, as: .lamina(scale: 2))
/// ```
///
/// The CPU backend is the default: it gives the same bytes on every machine, so a reference recorded on one
/// machine holds on another. The GPU backend (`backend: .gpu`) is held to the reference under the tolerance
/// given. References are PNGs beside the test, in the library's `__Snapshots__` folders, recorded with its own
/// record modes.
extension Snapshotting where Value == Layer, Format == LaminaImage.Image {
    /// `layer` rendered in its own coordinates (as `renderInContext:` draws it) at `scale` pixels a point, over
    /// `background`, compared within `fuzzy(maxDifference, maxPixels)` (no channel differs by more than
    /// `maxDifference`; at most `maxPixels` pixels by more than 2) or, when set, `pixelFraction` of the pixels.
    /// `at` is the moment of the layer's animations drawn, in seconds of scene time (`.lamina(at: 0.5)`).
    public static func lamina(size: CGSize? = nil, scale: Double = 2, background: Color = .clear,
                              backend: Lamina.Backend = .cpu, at time: Double = 0, maxDifference: Int = 0,
                              maxPixels: Int = 0, pixelFraction: Double? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .lamina(scale: scale, maxDifference: maxDifference, maxPixels: maxPixels,
                                      pixelFraction: pixelFraction)) { layer in
            do {
                return try Lamina.render(layer, size: size, scale: scale, background: background, backend: backend,
                                         at: time)
            } catch {
                return LaminaSnapshot.failure(error)
            }
        }
    }
}

extension Snapshotting where Value == Scene, Format == LaminaImage.Image {
    /// A whole scene (its canvas, scale and background) rendered and compared as `Layer`'s strategy does, at
    /// scene time `at` (nil: the scene's own `time`, else 0).
    public static func lamina(backend: Lamina.Backend = .cpu, at time: Double? = nil, maxDifference: Int = 0,
                              maxPixels: Int = 0, pixelFraction: Double? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .lamina(scale: nil, maxDifference: maxDifference, maxPixels: maxPixels,
                                      pixelFraction: pixelFraction)) { scene in
            do { return try Lamina.render(scene, backend: backend, at: time) } catch { return LaminaSnapshot.failure(error) }
        }
    }
}

extension Diffing where Value == LaminaImage.Image {
    /// PNG on disk; two images match within the tolerance. A failure says the largest difference and where it
    /// is (pixel, and point when the scale is known), how many pixels differ and by more than 2, and writes a
    /// heat map beside the system's temporary files, attaching actual, expected and heat map.
    public static func lamina(scale: Double?, maxDifference: Int, maxPixels: Int, pixelFraction: Double?) -> Diffing {
        .diff(toData: { (try? PNG.encode($0)) ?? Data() },
              fromData: { (try? PNG.decode($0)) ?? LaminaSnapshot.unreadable },
              diffV2: { expected, actual in
                  LaminaSnapshot.compare(expected: expected, actual: actual, scale: scale, maxDifference: maxDifference,
                                         maxPixels: maxPixels, pixelFraction: pixelFraction)
              })
    }
}

/// The comparison behind the strategies, callable on its own.
public enum LaminaSnapshot {
    /// A 1x1 magenta image stands in for a render that threw, so the snapshot fails with a visible result.
    static func failure(_ error: Error) -> LaminaImage.Image {
        var image = LaminaImage.Image(width: 1, height: 1)
        image.setPixel(x: 0, y: 0, (255, 0, 255, 255))
        FileHandle.standardError.write(Data("LaminaSnapshotTesting: render failed: \(error)\n".utf8))
        return image
    }

    static let unreadable = LaminaImage.Image(width: 0, height: 0)

    /// Nil when `actual` matches `expected` within the tolerance; else the message and the attachments.
    public static func compare(expected: LaminaImage.Image, actual: LaminaImage.Image, scale: Double?,
                               maxDifference: Int, maxPixels: Int, pixelFraction: Double?) -> (String, [DiffAttachment])? {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ("Lamina snapshot: the image is \(actual.width)x\(actual.height) pixels, the reference "
                    + "\(expected.width)x\(expected.height)", attachments(expected, actual, heat: nil))
        }
        guard let c = try? ImageComparison(expected, actual) else { return nil }
        let allowedPixels = pixelFraction.map { Int((Double(actual.width * actual.height) * $0).rounded(.down)) } ?? maxPixels
        if c.isWithin(maxDiff: maxDifference, maxPixels: allowedPixels) { return nil }
        let worst = c.largestDifferenceAt ?? (x: 0, y: 0)
        var at = "pixel (\(worst.x), \(worst.y))"
        if let scale, scale > 0 {
            at += ", point (\(format((Double(worst.x) + 0.5) / scale)), \(format((Double(worst.y) + 0.5) / scale)))"
        }
        let heat = c.heatMap()
        var message = "Lamina snapshot differs: largest channel difference \(c.maxDifference)/255 at \(at); "
            + "\(c.differingPixels) pixels differ, \(c.pixelsOverThreshold) by more than 2 "
            + "(tolerance: fuzzy(\(maxDifference), \(allowedPixels)))"
        let heatURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-snapshot-heatmap-\(UUID().uuidString.prefix(8)).png")
        if let data = try? PNG.encode(heat), (try? data.write(to: heatURL)) != nil {
            message += "; heat map: \(heatURL.path)"
        }
        return (message, attachments(expected, actual, heat: heat))
    }

    private static func attachments(_ expected: LaminaImage.Image, _ actual: LaminaImage.Image,
                                    heat: LaminaImage.Image?) -> [DiffAttachment] {
        var out: [DiffAttachment] = []
        for (name, image) in [("reference", expected), ("failure", actual)] + (heat.map { [("difference", $0)] } ?? []) {
            if let data = try? PNG.encode(image) { out.append(.data(data, name: name + ".png")) }
        }
        return out
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
    }
}
