// swift-tools-version:5.9
import PackageDescription

// A package outside Lamina that uses it the way its README tells a user to: LaminaKit in a target,
// LaminaSnapshotTesting and swift-snapshot-testing in a test target. tools/check-consumer.sh runs its tests
// (CI does too). In your own package, the first line is `.package(url: "https://github.com/OWNER/lamina",
// branch: "main")`; here Lamina is this repository, two folders up, named `lamina` as its URL would name it
// (a path's identity is its folder's name, which differs from clone to clone).
let package = Package(
    name: "SnapshotConsumer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "lamina", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        .target(name: "CardKit", dependencies: [.product(name: "LaminaKit", package: "lamina")]),
        .testTarget(name: "CardKitTests", dependencies: [
            "CardKit",
            .product(name: "LaminaSnapshotTesting", package: "lamina"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
