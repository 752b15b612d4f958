import CGLES
import Dispatch
import LaminaGeometry
import LaminaImage
import Foundation

/// A second GL context in the renderer's share group, current on a thread of its own, that reads back the
/// lower rows of the canvas while the renderer's thread reads the upper rows.
///
/// On a software rasterizer the read-back is a memory copy out of the driver's texture, and a single copy
/// cannot use the memory bandwidth that two cores have (on the 2-core CI machine an 8 MB copy takes about
/// 0.8 ms on one thread, 0.5 ms on two; in a frame, with the source not in cache, 1.5 ms on one). Textures
/// and sync objects are shared within a share group (GLES 3.0 Appendix D), framebuffers are not, so the
/// worker attaches the canvas texture to a framebuffer of its own. The canvas must be complete before the
/// worker reads it: the renderer's thread puts a fence after the frame and flushes (`glFenceSync`,
/// `glFlush`, §4.1.2), and the worker waits on it (`glClientWaitSync`) before reading.
///
/// The worker's wait for the fence has a limit (`fenceTimeoutNanoseconds`); the renderer's thread reads its
/// own rows with glReadPixels, which waits for the frame as any read-back does.
final class ReadbackWorker {
    /// The rows the worker reads: [start, start + count) of a `width`-pixel canvas, into `destination`
    /// (the whole canvas's buffer, tightly packed).
    private struct Job {
        let sync: GLsync
        let texture: GLuint
        let width: Int
        let rows: Range<Int>
        let format: Int32
        let destination: UnsafeMutableRawPointer
        /// The drawn regions' read (`FrameExecutor.readDrawn`): the rows filled with this pixel first, then
        /// only `regions` read in them; nil: the rows read whole.
        var fill: (pattern: UInt32, regions: [PixelRect])? = nil
    }

    /// What the two threads share: the job and its answer, handed over through `ready` and `done`, which
    /// order the accesses. The thread holds this, not the worker, so the worker can go away first.
    private final class Mailbox {
        let display: EGLDisplay
        let context: EGLContext
        let surface: EGLSurface?
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let exited = DispatchSemaphore(value: 0)
        var job: Job?
        var failure: Error?
        var stopping = false

        init(display: EGLDisplay, context: EGLContext, surface: EGLSurface?) {
            self.display = display; self.context = context; self.surface = surface
        }
    }

    /// How long the worker waits for a frame to complete before giving up on it (`glClientWaitSync`).
    static let fenceTimeoutNanoseconds: GLuint64 = 30_000_000_000

    private let mailbox: Mailbox

    /// Creates the shared context and starts the thread; throws when either fails, naming the EGL error.
    init(sharing main: GLContext) throws {
        let made = try main.makeSharedContext()
        let box = Mailbox(display: main.display, context: made.context, surface: made.surface)
        let thread = Thread { ReadbackWorker.loop(box) }
        thread.name = "lamina-readback"
        thread.start()
        // The thread reports whether its context could be made current; if not, it has exited (and this
        // init throws before `mailbox` is set, so no deinit waits for it a second time).
        box.done.wait()
        if let failure = box.failure {
            box.exited.wait()
            throw failure
        }
        mailbox = box
    }

    /// A worker, or nil when its context or thread cannot be had: the split is a speed-up, and the renderer
    /// then reads back on its own thread as on other GPUs. The reason goes to standard error.
    static func start(sharing main: GLContext) -> ReadbackWorker? {
        do {
            return try ReadbackWorker(sharing: main)
        } catch {
            FileHandle.standardError.write(Data("lamina: read-back stays on one thread: \(error)\n".utf8))
            return nil
        }
    }

    deinit {
        mailbox.stopping = true
        mailbox.ready.signal()
        mailbox.exited.wait()
    }

    /// Reads `target` into `buffer` (premultiplied, rows top first): rows from `split` on by the worker, the
    /// rows before it on the calling thread, whose context drew the frame and is current. BGRA targets
    /// have red and blue swapped after reading (`PixelSwizzle`), each half by its reader.
    func read(_ target: RenderTarget, into buffer: UnsafeMutableRawBufferPointer, split: Int,
              fill: (pattern: UInt32, regions: [PixelRect])? = nil) throws {
        guard let base = buffer.baseAddress, let sync = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) else {
            throw GLError.gl(call: "glFenceSync(read-back)", code: ErrorName.gl(glGetError()))
        }
        defer { glDeleteSync(sync) }
        glFlush()
        let box = mailbox
        box.job = Job(sync: sync, texture: target.texture.id, width: target.width, rows: split..<target.height,
                      format: target.format, destination: base, fill: fill)
        box.failure = nil
        box.ready.signal()
        // The upper rows, on this thread, while the worker reads the lower ones.
        var own: Error?
        do {
            if let fill { ReadbackWorker.fill(rows: 0..<split, width: target.width, with: fill.pattern, at: base) }
            try ReadbackWorker.read(rows: 0..<split, width: target.width, regions: fill?.regions) {
                try target.read($0, into: base)
            }
        } catch {
            own = error
        }
        // Not limited here: the worker's waits are (`fenceTimeoutNanoseconds`), and the buffer must outlive
        // its writes.
        box.done.wait()
        if let own { throw own }
        if let failure = box.failure { throw failure }
    }

    /// The worker thread: makes its context current, then runs jobs until `stopping`.
    private static func loop(_ box: Mailbox) {
        defer { box.exited.signal() }
        guard eglMakeCurrent(box.display, box.surface, box.surface, box.context) == EGLBoolean(EGL_TRUE) else {
            box.failure = GLError.egl(call: "eglMakeCurrent(read-back worker)", code: ErrorName.eglCurrent())
            destroyContext(box)
            box.done.signal()
            return
        }
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        box.done.signal()
        while true {
            box.ready.wait()
            if box.stopping { break }
            if let job = box.job { box.failure = run(job, framebuffer: framebuffer) }
            box.job = nil
            box.done.signal()
        }
        glDeleteFramebuffers(1, &framebuffer)
        eglMakeCurrent(box.display, nil, nil, nil)
        destroyContext(box)
    }

    private static func destroyContext(_ box: Mailbox) {
        if let s = box.surface { eglDestroySurface(box.display, s) }
        eglDestroyContext(box.display, box.context)
    }

    /// Waits for the frame's fence, then reads the job's rows; the error, if any.
    private static func run(_ job: Job, framebuffer: GLuint) -> Error? {
        if let f = job.fill { fill(rows: job.rows, width: job.width, with: f.pattern, at: job.destination) }
        let waited = glClientWaitSync(job.sync, 0, fenceTimeoutNanoseconds)
        guard waited == GLenum(GL_ALREADY_SIGNALED) || waited == GLenum(GL_CONDITION_SATISFIED) else {
            let why = waited == GLenum(GL_TIMEOUT_EXPIRED) ? "the frame did not complete within 30 s"
                : ErrorName.gl(glGetError())
            return GLError.gl(call: "glClientWaitSync(read-back worker)", code: why)
        }
        // Detached afterwards, failed or not, so the worker's framebuffer holds no reference to a texture
        // the pool may delete.
        defer {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), 0, 0)
        }
        do {
            try RenderTarget.attachColor(job.texture, to: framebuffer)
            try read(rows: job.rows, width: job.width, regions: job.fill?.regions) {
                try RenderTarget.readRect($0, width: job.width, format: job.format, into: job.destination)
            }
        } catch {
            return error
        }
        return nil
    }

    /// Rows `rows` of a `width`-pixel canvas, read by `readRect` (which reads a rect of the frame into its
    /// place): whole, or only where `regions` cross them.
    static func read(rows: Range<Int>, width: Int, regions: [PixelRect]?,
                     _ readRect: (PixelRect) throws -> Void) throws {
        guard !rows.isEmpty else { return }
        let band = PixelRect(x0: 0, y0: rows.lowerBound, x1: width, y1: rows.upperBound)
        guard let regions else { return try readRect(band) }
        for r in regions {
            let part = r.intersection(band)
            if !part.isEmpty { try readRect(part) }
        }
    }

    /// Stores `pattern` in every pixel of rows `rows` of a `width`-pixel canvas at `base`. It touches no GL
    /// object, so the worker fills its rows before waiting for the frame.
    static func fill(rows: Range<Int>, width: Int, with pattern: UInt32, at base: UnsafeMutableRawPointer) {
        guard !rows.isEmpty else { return }
        PixelFill.store(pattern, count: rows.count * width, at: base + rows.lowerBound * width * 4)
    }
}
