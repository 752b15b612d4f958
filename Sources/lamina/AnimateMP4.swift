import Foundation
import LaminaImage

/// `lamina animate -o NAME.mp4`: frames piped to `ffmpeg` (H.264, yuv420p, the frame rate of the timeline) as
/// raw RGBA. MP4 has no alpha: each frame is its premultiplied colour, i.e. drawn over black, so a scene
/// meant for video gives its canvas a background. Odd sizes are padded by one transparent (black) row or
/// column, as yuv420p needs even ones.
final class MP4Pipe {
    /// Debian's package for the encoder, named when it is missing.
    static let package = "ffmpeg"

    private let process = Process()
    private let input = Pipe()
    private let log: URL
    private let width: Int, height: Int

    /// Finds `ffmpeg` on the PATH, or nil.
    static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    init(ffmpeg: URL, output: String, width: Int, height: Int, fps: Double) throws {
        self.width = width; self.height = height
        log = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-ffmpeg-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = ffmpeg
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(width)x\(height)", "-r", String(format: "%.6f", fps), "-i", "-",
                             "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                             "-movflags", "+faststart", output]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        // A dead encoder must surface as an error from the write, not a SIGPIPE that ends lamina.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    deinit { try? FileManager.default.removeItem(at: log) }

    func add(_ image: Image) throws {
        guard image.width == width, image.height == height else { throw AnimateError("frame size changed") }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(image.pixels))
        } catch {
            throw AnimateError("ffmpeg stopped reading frames: \(ffmpegMessage())")
        }
    }

    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AnimateError("ffmpeg exited with status \(process.terminationStatus): \(ffmpegMessage())")
        }
    }

    /// The end of ffmpeg's error output, at most 600 characters.
    private func ffmpegMessage() -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "(no message)" : String(trimmed.suffix(600))
    }
}

struct AnimateError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
