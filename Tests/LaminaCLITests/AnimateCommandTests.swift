import ArgumentParser
import Foundation
import LaminaKit
import XCTest
@testable import lamina

/// `lamina animate`: a timeline's frames are the renders of its moments, as PNG files or an animated WebP
/// with one frame per moment; impossible timelines are refused before anything is drawn.
final class AnimateCommandTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-animate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    private func scene(in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("moving.json")
        try Data("""
            {"format": "lamina-scene/1", "canvas": {"width": 40, "height": 20},
             "layers": [{"frame": [0, 5, 10, 10], "backgroundColor": "red",
                         "animations": [{"keyPath": "position.x", "fromValue": 5, "toValue": 35, "duration": 1}]}]}
            """.utf8).write(to: url)
        return url.path
    }

    func testPNGFrames_areTheRendersOfTheirMoments() throws {
        let dir = try temporaryDirectory()
        let path = try scene(in: dir)
        var animate = try AnimateCommand.parse([path, "--to", "0.5", "--fps", "4", "-o", dir.path + "/frames/", "--backend", "cpu"])
        try animate.run()
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/frames").sorted()
        XCTAssertEqual(frames, ["frame-00000.png", "frame-00001.png", "frame-00002.png"], "0, 0.25 and 0.5 s")
        var render = try RenderCommand.parse([path, "-o", dir.path + "/still.png", "--backend", "cpu", "--time", "0.25"])
        try render.run()
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("frames/frame-00001.png")),
                       try Data(contentsOf: dir.appendingPathComponent("still.png")))
    }

    func testWebP_holdsOneFramePerMoment() throws {
        let dir = try temporaryDirectory()
        let path = try scene(in: dir)
        var animate = try AnimateCommand.parse([path, "--to", "1", "--fps", "10", "-o", dir.path + "/out.webp", "--backend", "cpu"])
        try animate.run()
        let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.webp")))
        XCTAssertEqual(Array(bytes.prefix(4)), Array("RIFF".utf8))
        XCTAssertEqual(Array(bytes[8..<12]), Array("WEBP".utf8))
        let anmf = Array("ANMF".utf8)
        let frames = (0..<(bytes.count - 4)).filter { Array(bytes[$0..<($0 + 4)]) == anmf }.count
        XCTAssertEqual(frames, 11, "0, 0.1, ..., 1 s")
    }

    func testImpossibleTimelines_areRefused() {
        for arguments in [["--to", "-1"], ["--fps", "0"], ["--fps", "10", "--to", "5000"], ["-o", "out.gif"]] {
            var all = ["scene.json", "-o", "out.webp"] + arguments
            if arguments.first == "-o" { all = ["scene.json"] + arguments }
            XCTAssertThrowsError(try AnimateCommand.parse(all), "\(arguments)")
        }
    }

    /// `-o NAME.mp4` pipes each frame's RGBA bytes to ffmpeg (here a stand-in that writes what it reads to
    /// its last argument), and names the package when ffmpeg is missing.
    func testMP4_pipesTheFramesToFFmpeg_orNamesThePackage() throws {
        let dir = try temporaryDirectory()
        let path = try scene(in: dir)
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\nfor last; do :; done\n/bin/cat > \"$last\"\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let saved = ProcessInfo.processInfo.environment["PATH"] ?? ""
        defer { setenv("PATH", saved, 1) }
        setenv("PATH", bin.path, 1)
        XCTAssertEqual(MP4Pipe.executable(), fake)
        var animate = try AnimateCommand.parse([path, "--to", "0.5", "--fps", "4", "-o", dir.path + "/out.mp4", "--backend", "cpu"])
        try animate.run()
        let bytes = try Data(contentsOf: dir.appendingPathComponent("out.mp4"))
        XCTAssertEqual(bytes.count, 3 * 40 * 20 * 4, "three 40x20 RGBA frames")
        setenv("PATH", dir.path + "/nowhere", 1)
        XCTAssertNil(MP4Pipe.executable())
        var missing = try AnimateCommand.parse([path, "-o", dir.path + "/none.mp4", "--backend", "cpu"])
        XCTAssertThrowsError(try missing.run()) { XCTAssertEqual(($0 as? ExitCode)?.rawValue, 1) }
    }
}
