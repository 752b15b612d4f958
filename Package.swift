// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Lamina",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lamina", targets: ["lamina"]),
        .library(name: "LaminaGeometry", targets: ["LaminaGeometry"]),
        .library(name: "LaminaGraph", targets: ["LaminaGraph"]),
        .library(name: "LaminaCore", targets: ["LaminaCore"]),
        .library(name: "LaminaImage", targets: ["LaminaImage"]),
        .library(name: "LaminaText", targets: ["LaminaText"]),
        .library(name: "LaminaRaster", targets: ["LaminaRaster"]),
        .library(name: "LaminaGL", targets: ["LaminaGL"]),
        .library(name: "LaminaParity", targets: ["LaminaParity"]),
        .library(name: "LaminaFixtures", targets: ["LaminaFixtures"]),
        // The library API in one import: `Lamina.render(layer, ...)`, the book's spellings, and every module.
        .library(name: "LaminaKit", targets: ["LaminaKit"]),
        // Snapshot tests with pointfreeco's swift-snapshot-testing (its SnapshotTesting target builds alone:
        // swift-syntax, which its inline snapshots need, is fetched but not built).
        .library(name: "LaminaSnapshotTesting", targets: ["LaminaSnapshotTesting"]),
        .executable(name: "lamina-fuzz", targets: ["LaminaFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        // `swift package generate-documentation --target LaminaKit`: the DocC catalog in Sources/LaminaKit/LaminaKit.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2",
                       providers: [.apt(["libegl-dev", "libgles-dev", "libgbm-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // Animated WebP for timelines (`lamina animate`): libwebp's WebPAnimEncoder.
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux",
                       providers: [.apt(["libwebp-dev"])]),
        // Text: FreeType (font loading, glyph rasterization), HarfBuzz (shaping), Fontconfig (family matching).
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "LaminaImage", dependencies: ["CPNG", "CWebP"]),
        .target(name: "LaminaText", dependencies: ["LaminaImage", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        // Geometry below the planner and both renderers (transforms, paths, strokes, coverage, blur bounds).
        .target(name: "LaminaGeometry"),
        // The contract between the planner and the renderers: the render graph, draw operations, options, the
        // Renderer protocol and its capabilities. The renderers import it, never LaminaCore.
        .target(name: "LaminaGraph", dependencies: ["LaminaGeometry", "LaminaImage"]),
        .target(name: "LaminaCore", dependencies: ["LaminaGraph", "LaminaGeometry", "LaminaImage", "LaminaText"]),
        // The CPU renderer's hottest loops in C with AVX2, chosen at run time where the processor has it
        // (`CPUFastPaths.vectorKernels`); the same doubles as the Swift loops, so the same bytes.
        .target(name: "CLaminaKernels"),
        .target(name: "LaminaRaster", dependencies: ["LaminaGraph", "LaminaGeometry", "LaminaImage", "CLaminaKernels"]),
        // The book's gallery, the bench suite, the random scenes and the scene exporter: scenes made in code,
        // for the CLI and the tests, kept out of the library the renderers build on.
        .target(name: "LaminaFixtures", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage", "LaminaText"]),
        // GLSL ES 3.00 sources live at the top-level Shaders/ folder and ship as this target's resources,
        // so they are found through Bundle.module whatever the working directory.
        .target(name: "LaminaShaders", path: "Shaders", exclude: [], sources: ["LaminaShaders.swift"],
                resources: [.copy("glsl")]),
        .target(name: "LaminaGL", dependencies: ["LaminaGraph", "LaminaGeometry", "LaminaImage", "LaminaShaders", "CGLES"]),
        // CPU-versus-GPU parity: above both renderers (DESIGN.md), so LaminaGL never imports LaminaRaster.
        .target(name: "LaminaParity", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage", "LaminaRaster", "LaminaGL"]),
        .target(name: "LaminaKit", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage", "LaminaRaster", "LaminaGL"]),
        .target(name: "LaminaSnapshotTesting", dependencies: [
            "LaminaKit", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .executableTarget(name: "lamina", dependencies: [
            "LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage", "LaminaText", "LaminaRaster", "LaminaGL",
            "LaminaKit", "LaminaParity",
            "LaminaFixtures", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The libFuzzer target (decode -> plan -> render) and, in a plain build, its replay driver;
        // tools/fuzz/run.sh builds it with -sanitize=fuzzer. `Extern` is for @_extern(c) (LLVMFuzzerMutate).
        .executableTarget(name: "LaminaFuzz", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage",
                                                            "LaminaRaster", "LaminaGL"],
                          swiftSettings: [.enableExperimentalFeature("Extern")]),
        // Helpers the test targets share (scenes built in code, scene documents, pixel assertions, the one GPU
        // renderer of a test run); a target of its own so no test target copies another's.
        .target(name: "LaminaTestSupport", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage",
                                                         "LaminaRaster", "LaminaGL"],
                path: "Tests/LaminaTestSupport"),
        .testTarget(name: "LaminaCoreTests", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaFixtures",
                                                            "LaminaTestSupport"]),
        .testTarget(name: "LaminaGeometryTests", dependencies: ["LaminaGeometry"]),
        .testTarget(name: "LaminaGraphTests", dependencies: ["LaminaGraph", "LaminaGeometry", "LaminaImage"]),
        .testTarget(name: "LaminaImageTests", dependencies: ["LaminaImage", "LaminaGeometry"]),
        .testTarget(name: "LaminaTextTests", dependencies: ["LaminaText", "LaminaImage"]),
        .testTarget(name: "LaminaKitTests", dependencies: ["LaminaKit", "LaminaSnapshotTesting", "LaminaFixtures",
                                                            .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "LaminaRasterTests", dependencies: ["LaminaRaster", "LaminaCore", "LaminaGraph", "LaminaGeometry",
                                                              "LaminaImage", "LaminaTestSupport", "LaminaFixtures"]),
        // What both renderers promise, each test one body run on the CPU and the GPU (`forEachBackend`).
        .testTarget(name: "LaminaRenderTests", dependencies: ["LaminaCore", "LaminaGraph", "LaminaGeometry", "LaminaImage",
                                                              "LaminaTestSupport"]),
        // The command-line tool's own pieces (its HTML reports), through @testable import of the executable.
        .testTarget(name: "LaminaCLITests", dependencies: ["lamina", "LaminaParity", "LaminaKit", "LaminaGraph", "LaminaGeometry",
                                                           "LaminaImage", "LaminaFixtures"]),
        .testTarget(name: "LaminaGLTests", dependencies: ["LaminaGL", "LaminaParity", "LaminaRaster", "LaminaCore", "LaminaGraph",
                                                          "LaminaGeometry", "LaminaImage",
                                                          "LaminaFixtures", "LaminaTestSupport"]),
    ]
)
