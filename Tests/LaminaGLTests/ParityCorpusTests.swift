import Foundation
import LaminaCore
import LaminaGL
import LaminaParity
import LaminaImage
import LaminaTestSupport
import XCTest
import LaminaGraph

/// The parity corpus: every scene in `Tests/Scenes` rendered on the CPU reference and on the GPU must be
/// within the `fuzzy(maxDiff, maxPixels)` tolerance it states (DESIGN.md, "Parity"). A scene over its
/// tolerance writes its CPU, GPU and heat-map PNGs and names them. If EGL cannot start the test fails with
/// EGL's reasons; it is never skipped.
final class ParityCorpusTests: XCTestCase {
    /// The corpus must stay broad enough to exercise every draw operation on both backends.
    static let minimumCorpusSize = 40

    func testCorpus_everySceneOnBothBackends_isWithinItsTolerance() throws {
        let files = ParityCorpus.sceneFiles()
        XCTAssertFalse(files.isEmpty, "no scene in \(ParityCorpus.directory.path)")
        let runner = try ParityCorpus.runner()
        for file in files {
            let name = ParityRunner.sceneName(file)
            let result: ParityResult
            do { result = try ParityCorpus.result(for: file, runner: runner) } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            guard !result.passed else { continue }
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-parity-tests")
            let where_: String
            do {
                let images = try ParityImages.write(result, to: dir)
                where_ = "CPU \(images.cpu.path), GPU \(images.gpu.path), heat map \(images.heatMap.path)"
            } catch {
                where_ = "(images could not be written: \(error))"
            }
            XCTFail("\(name): GPU is over its tolerance of the CPU reference: \(result.metricsText); \(where_)")
        }
    }

    func testCorpus_size_isAtLeastTheMinimum() {
        let count = ParityCorpus.sceneFiles().count
        XCTAssertGreaterThanOrEqual(count, ParityCorpusTests.minimumCorpusSize,
                                    "\(ParityCorpus.directory.path) holds \(count) scenes")
    }

    func testCorpus_tolerancesLooserThanDefault_stateAReason() {
        for file in ParityCorpus.sceneFiles() {
            let name = ParityRunner.sceneName(file)
            guard let scene = try? SceneDecoder().decode(contentsOf: file) else { continue }  // reported above
            guard let t = scene.tolerance, t.maxDiff > Tolerance.default.maxDiff else { continue }
            let reason = t.reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            XCTAssertFalse(reason.isEmpty, "\(name): fuzzy(\(t.maxDiff), \(t.maxPixels)) is looser than the default "
                           + "and must say why in \"reason\"")
        }
    }

    func testCorpus_everyScene_decodes() {
        for file in ParityCorpus.sceneFiles() {
            XCTAssertNoThrow(try SceneDecoder().decode(contentsOf: file), ParityRunner.sceneName(file))
        }
    }

    // MARK: The runner, on scenes written here

    /// The scenes of `ParityTestScenes` in a temporary folder removed after the test.
    private func scenesDirectory() throws -> URL {
        let dir = try ParityTestScenes.write()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testRunner_roundedRectScene_passesTheDefaultTolerance() throws {
        let dir = try scenesDirectory()
        let runner = try ParityCorpus.runner()
        let result = try runner.check(contentsOf: dir.appendingPathComponent("a-rounded-rect.json"))
        XCTAssertEqual(result.name, "a-rounded-rect")
        XCTAssertEqual(result.sceneDescription, "A rounded rectangle with a border.")
        XCTAssertEqual(result.tolerance, .default)
        XCTAssertFalse(result.toleranceIsStated)
        XCTAssertEqual(result.cpu.width, 128)
        XCTAssertEqual(result.cpu.height, 96)
        XCTAssertTrue(result.passed, result.metricsText)
    }

    func testRunner_sceneStatingATolerance_isJudgedAgainstIt() throws {
        let dir = try scenesDirectory()
        let result = try ParityCorpus.runner().check(contentsOf: dir.appendingPathComponent("c-path.json"))
        XCTAssertEqual(result.tolerance.maxDiff, 24)
        XCTAssertEqual(result.tolerance.maxPixels, 40)
        XCTAssertTrue(result.toleranceIsStated)
        XCTAssertEqual(result.toleranceText, "fuzzy(24, 40)")
        XCTAssertEqual(result.passed, result.comparison.isWithin(maxDiff: 24, maxPixels: 40))
    }

    func testRunner_invalidScene_throwsInvalidSceneNamingThePlace() throws {
        let dir = try scenesDirectory()
        let file = dir.appendingPathComponent("z-invalid.json")
        XCTAssertThrowsError(try ParityCorpus.runner().check(contentsOf: file)) { error in
            guard case ParityError.invalidScene(let path, let reason) = error else {
                return XCTFail("expected invalidScene, got \(error)")
            }
            XCTAssertEqual(path, file.path)
            XCTAssertTrue(reason.contains("/layers/0/opacity"), reason)
            XCTAssertTrue((error as? ParityError)?.isInvalidInput ?? false)
        }
    }

    func testSceneFiles_directory_listsJSONFilesInNameOrder() throws {
        let dir = try scenesDirectory()
        try Data("not a scene".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let names = try ParityRunner.sceneFiles(at: dir).map(\.lastPathComponent)
        XCTAssertEqual(names, ParityTestScenes.all.map(\.file).sorted())
    }

    func testSceneFiles_missingPathOrEmptyDirectory_throws() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-no-such-\(UUID())")
        XCTAssertThrowsError(try ParityRunner.sceneFiles(at: missing)) {
            XCTAssertEqual($0 as? ParityError, .notFound(path: missing.path))
        }
        try FileManager.default.createDirectory(at: missing, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: missing) }
        XCTAssertThrowsError(try ParityRunner.sceneFiles(at: missing)) {
            XCTAssertEqual($0 as? ParityError, .noScenes(directory: missing.path))
        }
    }

    func testResult_imagesOverTolerance_failsAndWritesThreePictures() throws {
        let cpu = Image(width: 4, height: 2)
        var gpu = cpu
        gpu.setPixel(x: 1, y: 1, (10, 0, 0, 10))
        gpu.setPixel(x: 2, y: 0, (2, 0, 0, 2))
        let result = try ParityResult(name: "synthetic", tolerance: nil, cpu: cpu, gpu: gpu)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.comparison.maxDifference, 10)
        XCTAssertEqual(result.pixelsOverThreshold, 1)
        XCTAssertTrue(result.metricsText.contains("largest channel difference 10"), result.metricsText)

        let loose = try ParityResult(name: "synthetic", tolerance: Tolerance(maxDiff: 10, maxPixels: 1, reason: "test"),
                                     cpu: cpu, gpu: gpu)
        XCTAssertTrue(loose.passed)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-parity-result-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = try ParityImages.write(result, to: dir)
        XCTAssertEqual(try PNG.read(contentsOf: images.gpu), gpu)
        XCTAssertEqual(try PNG.read(contentsOf: images.cpu), cpu)
        XCTAssertEqual(try PNG.read(contentsOf: images.heatMap).width, 4)
    }

    func testResult_imagesOfDifferentSizes_throwSizeMismatch() {
        XCTAssertThrowsError(try ParityResult(name: "s", tolerance: nil, cpu: Image(width: 2, height: 2),
                                              gpu: Image(width: 2, height: 3))) {
            XCTAssertEqual($0 as? ParityError, .sizeMismatch(scene: "s", cpu: "2x2", gpu: "2x3"))
        }
    }
}

/// The corpus on disk, one shared `ParityRunner`, and the first renders the determinism test reuses, so
/// that a corpus scene is rendered at most twice per backend in a whole test run (once for parity, once
/// more to check determinism).
enum ParityCorpus {
    /// `Tests/Scenes`, found from this file's path (Tests/LaminaGLTests/ -> ../Scenes).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes", isDirectory: true)

    /// Every corpus scene, in name order; empty when the folder is missing or empty.
    static func sceneFiles() -> [URL] {
        (try? ParityRunner.sceneFiles(at: directory)) ?? []
    }

    /// The two backends, as the determinism test names them.
    enum Backend: String { case cpu, gpu }

    nonisolated(unsafe) private static var sharedRunner: ParityRunner?
    nonisolated(unsafe) private static var firstRenders: [URL: [Backend: Image]] = [:]
    nonisolated(unsafe) private static var selection: [URL]?

    /// One runner for the whole test run, on the GL tests' shared renderer; fails the test with EGL's
    /// reasons when the GPU cannot start.
    static func runner(file: StaticString = #filePath, line: UInt = #line) throws -> ParityRunner {
        if let r = sharedRunner { return r }
        let r = ParityRunner(gpu: try GLTestSupport.renderer(file: file, line: line))
        sharedRunner = r
        return r
    }

    /// The parity result for `file`. A scene the determinism test also uses is rendered through
    /// `firstRender`, so a backend that rendered it there is not asked again; every other scene goes
    /// straight through the runner and nothing of it is kept.
    static func result(for file: URL, runner: ParityRunner) throws -> ParityResult {
        guard determinismScenes().contains(file) else { return try runner.check(contentsOf: file) }
        let name = ParityRunner.sceneName(file)
        let scene: Scene
        do { scene = try SceneDecoder().decode(contentsOf: file) } catch {
            throw ParityError.invalidScene(path: file.path, reason: "\(error)")
        }
        let graph = try Planner().plan(scene)
        func render(_ backend: Backend, _ renderer: Renderer) throws -> Image {
            do { return try firstRender(file, on: backend) { try renderer.render(graph) } } catch {
                throw ParityError.rendering(backend: backend.rawValue, scene: name, reason: "\(error)")
            }
        }
        return try ParityResult(name: name, sceneURL: file, sceneDescription: scene.sceneDescription,
                                tolerance: scene.tolerance, cpu: try render(.cpu, runner.cpu),
                                gpu: try render(.gpu, runner.gpu))
    }

    /// The first render of a determinism scene on `backend`: the cached one, or `render`'s, then cached.
    static func firstRender(_ file: URL, on backend: Backend, render: () throws -> Image) rethrows -> Image {
        if let image = firstRenders[file]?[backend] { return image }
        let image = try render()
        firstRenders[file, default: [:]][backend] = image
        return image
    }

    /// The corpus scenes the determinism test renders a second time: for each feature most likely to vary
    /// between runs (blur, offscreen passes, paths, mipmaps, 3D), the scene with the smallest canvas that
    /// uses it, at most `determinismLimit` in all. Small canvases keep the test within seconds: the CPU
    /// reference is slow in debug builds, blur above all.
    static func determinismScenes() -> [URL] {
        if let s = selection { return s }
        let files = sceneFiles()
        let texts = files.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
        let pixels = files.map { file -> Double in
            guard let scene = try? SceneDecoder().decode(contentsOf: file) else { return .infinity }
            return Double(scene.pixelWidth * scene.pixelHeight)
        }
        let features = ["\"shadowOpacity\"", "\"mask\"", "\"shape\"", "trilinear", "\"shouldRasterize\"",
                        "\"gradient\"", "\"replicator\"", "\"m34\"", "\"opacity\"", "\"contents\""]
        var chosen: [URL] = []
        for feature in features where chosen.count < determinismLimit {
            let users = files.indices.filter { texts[$0].contains(feature) && pixels[$0].isFinite }
            if let i = users.min(by: { pixels[$0] < pixels[$1] }), !chosen.contains(files[i]) {
                chosen.append(files[i])
            }
        }
        selection = chosen
        return chosen
    }

    static let determinismLimit = 6
}

/// Small scenes written to a temporary folder, for testing the runner without the corpus.
enum ParityTestScenes {
    static let all: [(file: String, json: String)] = [
        ("a-rounded-rect.json", """
        {"format": "lamina-scene/1", "description": "A rounded rectangle with a border.",
         "canvas": {"width": 64, "height": 48, "scale": 2, "background": "#FFFFFF"},
         "layers": [{"frame": [8, 8, 48, 32], "backgroundColor": "#3366CC", "cornerRadius": 10,
                     "borderWidth": 2, "borderColor": "#FF8800"}]}
        """),
        ("b-shadow.json", """
        {"format": "lamina-scene/1", "description": "A card with a blurred shadow and group opacity.",
         "canvas": {"width": 64, "height": 48, "scale": 2, "background": "#F0F0F0"},
         "layers": [{"frame": [12, 8, 36, 28], "backgroundColor": "#FFFFFF", "cornerRadius": 6,
                     "shadowOpacity": 0.6, "shadowRadius": 4, "shadowOffset": [0, 3], "opacity": 0.8,
                     "sublayers": [{"frame": [4, 4, 20, 12], "backgroundColor": "#CC3344"}]}]}
        """),
        ("c-path.json", """
        {"format": "lamina-scene/1", "description": "A stroked, filled triangle.",
         "tolerance": {"maxDiff": 24, "maxPixels": 40, "reason": "a stated tolerance, for the runner test"},
         "canvas": {"width": 64, "height": 48, "scale": 2, "background": "#FFFFFF"},
         "layers": [{"type": "shape", "frame": [0, 0, 64, 48], "path": "M8 6 L56 12 L28 42 Z",
                     "fillColor": "#22AA66", "strokeColor": "#000000", "lineWidth": 2, "lineJoin": "round"}]}
        """),
        ("d-gradient-mask.json", """
        {"format": "lamina-scene/1", "description": "A gradient masked by a rounded layer.",
         "canvas": {"width": 64, "height": 48, "scale": 1},
         "layers": [{"type": "gradient", "frame": [4, 4, 56, 40], "colors": ["red", "blue"],
                     "startPoint": [0, 0], "endPoint": [1, 1],
                     "mask": {"frame": [8, 4, 40, 32], "backgroundColor": "black", "cornerRadius": 12}}]}
        """),
        ("z-invalid.json", """
        {"format": "lamina-scene/1", "canvas": {"width": 10, "height": 10},
         "layers": [{"frame": [0, 0, 5, 5], "opacity": 2}]}
        """),
    ]

    /// The valid scenes, for rendering.
    static var valid: [String] { all.map(\.file).filter { $0 != "z-invalid.json" } }

    /// Writes every scene into a fresh temporary folder and returns it.
    static func write() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-parity-scenes-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (file, json) in all {
            try Data(json.utf8).write(to: dir.appendingPathComponent(file))
        }
        return dir
    }
}
