import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

/// What one reftest came to.
public struct ReftestResult: Sendable {
    /// The verdict.
    public enum Status: String, Sendable {
        /// The relation holds (or, with `update`, the reference was written).
        case pass
        /// The relation does not hold (exit 3).
        case fail
        /// The test could not be judged: an invalid scene or reference (exit 1).
        case invalid
        /// The test could not be judged: a render failed (exit 2).
        case error
    }

    /// The test that ran.
    public var reftest: Reftest
    /// Its verdict.
    public var status: Status
    /// The tolerance it was judged by: the line's, else the test scene's, else fuzzy(2, 0).
    public var tolerance: Tolerance
    /// The largest channel difference between the render and the reference, out of 255, when compared.
    public var maxDifference: Int?
    /// How many pixels differ by more than 2, when compared.
    public var pixelsOverThreshold: Int?
    /// Why it failed or could not be judged; what was written, for an update.
    public var message: String
    /// How long the test took, rendering included.
    public var seconds: Double
    /// The reference image was written (`update`): it was missing or differed.
    public var updated = false
    /// With `keepImages`: the test's render, the reference, and the test scene's scale (pixels a point).
    public var actual: Image?
    /// With `keepImages`: the reference image (read, or rendered from the reference scene).
    public var expected: Image?
    /// With `keepImages`: the test scene's pixels per point.
    public var scale: Double = 1

    public init(reftest: Reftest, status: Status, tolerance: Tolerance, maxDifference: Int? = nil,
                pixelsOverThreshold: Int? = nil, message: String, seconds: Double) {
        self.reftest = reftest
        self.status = status
        self.tolerance = tolerance
        self.maxDifference = maxDifference
        self.pixelsOverThreshold = pixelsOverThreshold
        self.message = message
        self.seconds = seconds
    }
}

/// Runs reftests: the test scene rendered, the reference read (an image) or rendered (a scene), compared.
/// `==` passes within the tolerance (the line's, else the test scene's, else fuzzy(2, 0)); `!=` passes when
/// the two differ beyond it (the line's, else any difference at all). With `update`, an image reference that
/// is missing or differs in any byte (even within the tolerance) is written from the render and the test
/// counts as updated, not failed.
public struct ReftestRunner: Sendable {
    /// The renderer that draws tests and reference scenes; the CPU by default, so references hold everywhere.
    public var backend: Lamina.Backend
    /// Write image references that are missing or differ, instead of failing on them.
    public var update: Bool
    /// Keep the render and the reference in the result (for a report).
    public var keepImages = false
    /// The fast-path switches the renders use.
    public var options = RenderOptions.default
    /// The scene time every test and reference is drawn at (`lamina test --time`); nil draws each scene at
    /// its own `time`, else 0.
    public var time: Double?

    /// A runner on `backend`, writing references when `update` is set.
    public init(backend: Lamina.Backend = .cpu, update: Bool = false) {
        self.backend = backend
        self.update = update
    }

    /// Runs one test, rendering with `Lamina.render` (a CPU renderer per render, or the process's one GPU
    /// renderer): renders it, reads or renders its reference, compares them. Never throws: a test that
    /// cannot be judged comes back `invalid` or `error`, with the reason in `message`.
    public func run(_ test: Reftest) -> ReftestResult {
        run(test) { scene in try Lamina.render(scene, backend: backend, options: options, at: time) }
    }

    /// Runs `test` on `renderer` (which must match `backend`), planned as `Lamina.render` plans, so the bytes
    /// are the same: a worker of `ReftestPool` keeps one renderer for its tests.
    public func run(_ test: Reftest, on renderer: any Renderer) -> ReftestResult {
        run(test) { scene in
            var planner = Planner(options: options)
            planner.time = time
            return try renderer.render(try planner.plan(scene))
        }
    }

    /// Runs `test`, drawing each scene with `draw`.
    func run(_ test: Reftest, drawing draw: (Scene) throws -> Image) -> ReftestResult {
        let start = Date()
        var result = judge(test, draw)
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    private enum Stop: Error { case invalid(String), error(String) }

    private func judge(_ test: Reftest, _ draw: (Scene) throws -> Image) -> ReftestResult {
        var result = ReftestResult(reftest: test, status: .error, tolerance: test.tolerance ?? .default, message: "",
                                   seconds: 0)
        do {
            let scene = try decode(test.test)
            let tolerance = test.tolerance ?? (test.relation == .equal ? scene.tolerance ?? .default
                                                                          : Tolerance(maxDiff: 0, maxPixels: 0))
            result.tolerance = tolerance
            let actual = try render(scene, test.test, draw)
            result.scale = scene.scale
            if keepImages { result.actual = actual }
            guard let expected = try reference(test, actual: actual, into: &result, draw) else { return result }
            if keepImages { result.expected = expected }
            guard expected.width == actual.width, expected.height == actual.height else {
                return mismatch(test, actual, &result, "the render is \(actual.width)x\(actual.height) pixels, the "
                    + "reference \(expected.width)x\(expected.height)")
            }
            let c = try ImageComparison(expected, actual)
            result.maxDifference = c.maxDifference
            result.pixelsOverThreshold = c.pixelsOverThreshold
            let within = c.isWithin(maxDiff: tolerance.maxDiff, maxPixels: tolerance.maxPixels)
            switch (test.relation, within) {
            case (.equal, true) where update && test.referenceIsImage && c.maxDifference > 0:
                // Within the tolerance but not the same bytes: an update records the new bytes, so the
                // references keep showing the reference renderer's bytes exactly.
                return mismatch(test, actual, &result, "largest channel difference \(c.maxDifference), within "
                    + "fuzzy(\(tolerance.maxDiff), \(tolerance.maxPixels))")
            case (.equal, true), (.notEqual, false):
                result.status = .pass
            case (.equal, false):
                return mismatch(test, actual, &result, "largest channel difference \(c.maxDifference), "
                    + "\(c.pixelsOverThreshold) pixels over 2, over fuzzy(\(tolerance.maxDiff), \(tolerance.maxPixels))")
            case (.notEqual, true):
                result.status = .fail
                result.message = "the two render alike (largest channel difference \(c.maxDifference)), "
                    + "within fuzzy(\(tolerance.maxDiff), \(tolerance.maxPixels)), and != wants them to differ"
            }
        } catch Stop.invalid(let m) {
            result.status = .invalid; result.message = m
        } catch Stop.error(let m) {
            result.status = .error; result.message = m
        } catch {
            result.status = .error; result.message = "\(error)"
        }
        return result
    }

    /// A failed `==`: with `update` and an image reference, the render becomes the reference.
    private func mismatch(_ test: Reftest, _ actual: Image, _ result: inout ReftestResult, _ why: String) -> ReftestResult {
        if update, test.referenceIsImage {
            do {
                try AtomicFile.write(try PNG.encode(actual), to: test.reference)
                result.status = .pass
                result.updated = true
                result.message = "updated \(test.reference.path) (\(why))"
            } catch {
                result.status = .error
                result.message = "cannot write \(test.reference.path): \(error)"
            }
        } else {
            result.status = .fail
            result.message = why
        }
        return result
    }

    /// The reference image: read, rendered, or (missing, with `update`) written from `actual`, returning nil.
    private func reference(_ test: Reftest, actual: Image, into result: inout ReftestResult,
                           _ draw: (Scene) throws -> Image) throws -> Image? {
        guard test.referenceIsImage else { return try render(try decode(test.reference), test.reference, draw) }
        guard FileManager.default.fileExists(atPath: test.reference.path) else {
            _ = mismatch(test, actual, &result, "no reference image \(test.reference.path)"
                + (update ? "" : " (lamina test --update writes it)"))
            return nil
        }
        do {
            return try PNG.decode(try Data(contentsOf: test.reference))
        } catch {
            throw Stop.invalid("\(test.reference.path): \(error)")
        }
    }

    private func decode(_ url: URL) throws -> Scene {
        do { return try SceneDecoder().decode(contentsOf: url) } catch {
            // Every error the decoder found, a line each, each naming the file.
            let lines = (error as? SceneError)?.lines(prefix: "\(url.path): ") ?? ["\(url.path): \(error)"]
            throw Stop.invalid(lines.joined(separator: "\n"))
        }
    }

    private func render(_ scene: Scene, _ url: URL, _ draw: (Scene) throws -> Image) throws -> Image {
        do { return try draw(scene) } catch let e as PlanError {
            throw Stop.invalid("\(url.path): \(e)")
        } catch {
            throw Stop.error("\(url.path): \(error)")
        }
    }
}
