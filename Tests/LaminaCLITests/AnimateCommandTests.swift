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

    /// Frames are encoded and written on other threads while the next ones render: every frame is still
    /// its moment's render, and a frame that cannot be written ends the run with exit code 2, its name in
    /// the error, the frames handed over before it written whole and no temporary file left behind.
    func testPNGFrames_writtenBesideTheRendering_stopAtTheFirstFailure() throws {
        let dir = try temporaryDirectory()
        let path = try scene(in: dir)
        var animate = try AnimateCommand.parse([path, "--to", "1", "--fps", "8", "-o", dir.path + "/all/", "--backend", "cpu"])
        try animate.run()
        let all = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/all").sorted()
        XCTAssertEqual(all, (0...8).map { String(format: "frame-%05d.png", $0) })
        for (i, t) in ["0", "0.375", "1"].enumerated() {
            let still = dir.appendingPathComponent("still-\(i).png").path
            var render = try RenderCommand.parse([path, "-o", still, "--backend", "cpu", "--time", t])
            try render.run()
            let frame = Int((Double(t) ?? 0) * 8)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/all/" + all[frame])),
                           try Data(contentsOf: URL(fileURLWithPath: still)), "frame \(frame)")
        }
        // A directory where frame 2 should go: that frame cannot be written.
        let blocked = dir.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("frame-00002.png"),
                                                withIntermediateDirectories: true)
        var failing = try AnimateCommand.parse([path, "--to", "1", "--fps", "8", "-o", blocked.path + "/", "--backend", "cpu"])
        XCTAssertThrowsError(try failing.run()) { XCTAssertEqual(($0 as? ExitCode)?.rawValue, 2) }
        let left = try FileManager.default.contentsOfDirectory(atPath: blocked.path).sorted()
        XCTAssertTrue(left.contains("frame-00000.png") && left.contains("frame-00001.png"), "\(left)")
        XCTAssertTrue(left.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "no temporary files: \(left)")
        for name in left where name != "frame-00002.png" {
            XCTAssertEqual(try Data(contentsOf: blocked.appendingPathComponent(name)),
                           try Data(contentsOf: URL(fileURLWithPath: dir.path + "/all/" + name)), name)
        }
    }

    /// The sink keeps the order of an ordered output, holds no more frames than it was given room for, and
    /// stops at the first failure.
    func testFrameSink_ordersBoundsAndStops() throws {
        let lock = NSLock()
        var order: [Int] = [], running = 0, most = 0
        let ordered = FrameSink(ordered: true, inFlight: 2)
        for i in 0..<20 {
            try ordered.submit("job \(i)") {
                usleep(200)
                lock.lock(); order.append(i); lock.unlock()
            }
        }
        try ordered.finish()
        XCTAssertEqual(order, Array(0..<20))
        let parallel = FrameSink(ordered: false, inFlight: 3)
        for _ in 0..<30 {
            try parallel.submit("job") {
                lock.lock(); running += 1; most = max(most, running); lock.unlock()
                usleep(500)
                lock.lock(); running -= 1; lock.unlock()
            }
        }
        try parallel.finish()
        XCTAssertLessThanOrEqual(most, 3)
        struct Broken: Error {}
        let failing = FrameSink(ordered: true, inFlight: 1)
        var ran = 0
        try failing.submit("first") { throw Broken() }
        XCTAssertThrowsError(try failing.finish()) { XCTAssertEqual(($0 as? ExitCode)?.rawValue, 2) }
        XCTAssertThrowsError(try failing.submit("second") { ran += 1 })
        XCTAssertEqual(ran, 0)
        XCTAssertEqual(FrameSink.inFlight(frameBytes: 1920 * 1080 * 4, cores: 2), 2)
        XCTAssertEqual(FrameSink.inFlight(frameBytes: 200 << 20, cores: 16), 1, "a 200 MB frame: one at a time")
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
