import ArgumentParser
import Foundation
import LaminaCore
import LaminaGraph
import LaminaImage

/// `lamina animate SCENE.json --from 0 --to 2 --fps 30 -o OUT.webp|DIR/`: a timeline of the scene's
/// animations, frame after frame with one renderer (its state kept across frames, as a display keeps it).
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a timeline of a scene's animations: an animated WebP, or a folder of PNG frames.",
        discussion: """
        Frames are drawn at --from, --from + 1/fps, ... up to --to (included when it falls on a frame), each \
        the presentation tree at that scene time. -o NAME.webp writes an animated WebP (lossless, looping) \
        that browsers play; -o DIR/ (a folder, made when missing) writes frame-00000.png, frame-00001.png, ...; \
        -o NAME.mp4 pipes the frames to ffmpeg (H.264; frames over black, as MP4 has no alpha), which must be \
        installed (Debian: apt-get install ffmpeg). \
        At most 10 000 frames. Exit codes: 0 written; 1 invalid scene or arguments; 2 rendering or I/O failure.
        """)

    @Argument(help: "The scene file (lamina-scene/1 JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp("An animated WebP (NAME.webp), a video (NAME.mp4, through ffmpeg) or a folder for PNG frames (DIR/).",
                                                    valueName: "OUT.webp|OUT.mp4|DIR/"))
    var output: String

    @Option(help: "The first frame's scene time, in seconds.")
    var from: Double = 0

    @Option(help: "The last frame's scene time, in seconds (default: 1 s after --from).")
    var to: Double?

    @Option(help: "Frames per second, 1 to 240.")
    var fps: Double = 30

    @Option(help: "Renderer: gpu (default) or cpu.")
    var backend: Backend = .gpu

    @OptionGroup var planning: PlanningOptions

    @Option(help: ArgumentHelp("For PNG frames: fast (default) or small (the smallest files, several times slower).",
                               valueName: "fast|small"))
    var pngCompression: PNG.Compression = .fast

    var end: Double { to ?? from + 1 }

    /// The frames' scene times.
    var times: [Double] { MediaTiming.frameTimes(from: from, to: end, fps: fps) }

    func validate() throws {
        guard from.isFinite, end.isFinite, abs(from) <= 1e9, abs(end) <= 1e9 else {
            throw ValidationError("--from and --to must be finite numbers of seconds within ±1e9")
        }
        guard end >= from else { throw ValidationError("--to (\(end)) is before --from (\(from))") }
        guard fps.isFinite, (1...240).contains(fps) else { throw ValidationError("--fps must be within 1...240, found \(fps)") }
        let frames = ((end - from) * fps).rounded(.down) + 1
        guard frames <= Double(WebPAnimation.maxFrames) else {
            throw ValidationError("\(Int(frames)) frames, over the limit of \(WebPAnimation.maxFrames); lower --fps or shorten --from...--to")
        }
        guard output.hasSuffix(".webp") || output.hasSuffix(".mp4") || output.hasSuffix("/") else {
            throw ValidationError("-o names an animated WebP (NAME.webp), a video (NAME.mp4) or a folder for PNG frames (ending in /), found \"\(output)\"")
        }
    }

    func run() throws {
        var ffmpeg: URL?
        if output.hasSuffix(".mp4") {
            guard let found = MP4Pipe.executable() else {
                printError("error: writing \(output) pipes the frames to ffmpeg, which is not on the PATH; install it "
                           + "(Debian: apt-get install \(MP4Pipe.package)) or write NAME.webp or DIR/")
                throw ExitCode(1)
            }
            ffmpeg = found
        }
        let decoded = try loadScene(scene)
        var options = planning
        let renderer = try renderingStep("\(backend) backend") { try backend.makeRenderer() }
        let folder = output.hasSuffix("/") ? URL(fileURLWithPath: output, isDirectory: true) : nil
        if let folder {
            try renderingStep("making \(output)") { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        }
        var frames = FrameOutput(folder: folder, ffmpeg: ffmpeg)
        do {
            for (i, t) in times.enumerated() {
                options.time = t
                let graph = try planScene(decoded, path: scene, options: options)
                let image = try renderingStep("\(backend) backend, frame \(i) at \(t) s") { try renderer.render(graph) }
                try frames.add(image, index: i, timestampMilliseconds: Int(((t - from) * 1000).rounded()), command: self)
            }
        } catch {
            // The frames already handed over are finished (each file whole) before the error ends the run.
            try? frames.sink?.finish()
            throw error
        }
        try frames.finish(endMilliseconds: Int(((Double(times.count) / fps) * 1000).rounded()), to: output)
    }
}

/// Where `animate`'s frames go: PNG files in a folder, a video through ffmpeg, or an animated WebP. Each
/// frame is encoded and written on another thread (`FrameSink`) while the next one renders; PNG files,
/// each on its own, several at once.
private struct FrameOutput {
    let folder: URL?
    let ffmpeg: URL?
    var animation: WebPAnimation?
    var video: MP4Pipe?
    var sink: FrameSink?

    init(folder: URL?, ffmpeg: URL?) {
        self.folder = folder; self.ffmpeg = ffmpeg
    }

    mutating func add(_ image: Image, index i: Int, timestampMilliseconds ms: Int, command: AnimateCommand) throws {
        let inFlight = FrameSink.inFlight(frameBytes: image.pixels.count)
        if let folder {
            let sink = self.sink ?? FrameSink(ordered: false, inFlight: inFlight)
            self.sink = sink
            let name = folder.appendingPathComponent(String(format: "frame-%05d.png", i)).path
            let compression = command.pngCompression
            try sink.submit("writing \(name)") { try writeOutput(try PNG.encode(image, compression: compression), to: name) }
            return
        }
        // A video or an animation takes its frames in order: one encoding, one waiting.
        let sink = self.sink ?? FrameSink(ordered: true, inFlight: min(2, inFlight))
        self.sink = sink
        if let ffmpeg {
            if video == nil {
                video = try renderingStep("starting ffmpeg") {
                    try MP4Pipe(ffmpeg: ffmpeg, output: command.output, width: image.width, height: image.height,
                                fps: command.fps)
                }
            }
            let video = self.video
            try sink.submit("encoding frame \(i)") { try video?.add(image) }
        } else {
            if animation == nil {
                animation = try renderingStep("starting the WebP") { try WebPAnimation(width: image.width, height: image.height) }
            }
            let animation = self.animation
            try sink.submit("encoding frame \(i)") { try animation?.add(image, timestampMilliseconds: ms) }
        }
    }

    /// Waits for the frames in flight, then closes the video or writes the animation to `output`.
    func finish(endMilliseconds end: Int, to output: String) throws {
        try sink?.finish()
        if let video { try renderingStep("writing \(output)") { try video.finish() } }
        if let animation {
            try renderingStep("writing \(output)") { try writeOutput(try animation.finish(endMilliseconds: end), to: output) }
        }
    }
}
