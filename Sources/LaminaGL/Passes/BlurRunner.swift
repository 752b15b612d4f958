import CGLES
import Foundation
import LaminaGeometry
import LaminaGraph

/// Executes blur passes by the method the planner chose for each (`BlurPyramid.choose`): the exact
/// separable Gaussian, or a pyramid — the pass down-sampled k times (2x2 box or binomial [1 3 3 1] / 8), the
/// exact Gaussian at the reduced sigma, bilinear reconstruction up.
///
/// Why a pyramid: the exact blur costs 2 * (2 * ceil(3 sigma) + 1) fetches per pixel, growing with the
/// radius; through the pyramid the reduced kernel runs on a target 4^k times smaller, so the blur's cost
/// per pixel of the pass stops growing with the radius (the `lamina bench` radius sweep). Its levels keep
/// more than 8 bits, so the only difference from the exact blur is the filters' own, which `BlurErrorBound`
/// bounds and `GPUBlurTests` measures: a gray pass's levels (the shadows') hold two pixels to an RGBA8
/// texel in 16-bit fixed point (`blur_wide.frag`), an RGBA pass's are 32-bit floats where the context
/// renders to them (GL_EXT_color_buffer_float; GLES 3.0 alone renders to no float format, §4.4.4.2), else
/// RGBA8, each level then adding up to half a step.
final class BlurRunner {
    /// The largest radius the exact blur shaders are compiled for (uniform arrays of radius + 1 weights,
    /// sigma up to 21): what `GPURenderer.capabilities` reports to the planner.
    static let maxRadius = 63

    /// `blur_separable.frag` per (radius, vertical), built on first use: a scene meets a few sigmas.
    private var separable: [Int: ShaderProgram] = [:]
    /// `blur_wide.frag` per set of defines, built on first use.
    private var wideStages: [[String]: ShaderProgram] = [:]
    private var packedUpsample: ShaderProgram?
    private let downsample: [BlurMethod.Downsample: ShaderProgram]
    private let upsample: ShaderProgram
    private var vao: GLuint = 0
    private var corners: GLuint = 0
    private let pool: TargetPool
    /// Full-screen draws issued so far (a profiling counter).
    private(set) var drawCalls = 0
    /// Fragments those draws shaded (a profiling counter): pixels, or texels of four pixels (two on wide pyramid levels) where packed.
    private(set) var pixels = 0

    /// The format of an RGBA pass's pyramid levels: RGBA32F where renderable, else RGBA8 (see the type's
    /// comment). Measured on llvmpipe (shadow-alpha-200, its atlas blurred at sigma 8): with RGBA32F levels
    /// the blur took 22 ms and the slices reading its last level 46 ms, against 14 and 34 with RGBA8, and
    /// RGBA16F was slower still; hence the wide RGBA8 levels for gray passes.
    let pyramidFormat: Int32

    init(pool: TargetPool, floatTargets: Bool) throws {
        pyramidFormat = floatTargets ? GL_RGBA32F : GL_RGBA8
        downsample = [
            .box: try ShaderProgram(vertex: "fullscreen.vert", fragment: "blur_downsample.frag"),
            .binomial: try ShaderProgram(vertex: "fullscreen.vert", fragment: "blur_downsample.frag",
                                         defines: ["BINOMIAL"]),
        ]
        upsample = try ShaderProgram(vertex: "fullscreen.vert", fragment: "blur_upsample.frag")
        self.pool = pool
        // Its own vertex array with only the corner attribute: the primitive drawer's has instanced
        // arrays enabled, which a non-instanced draw would read at their current offsets.
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &corners)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        let data: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        data.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        glEnableVertexAttribArray(InstanceLayout.cornerLocation)
        glVertexAttribPointer(InstanceLayout.cornerLocation, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glBindVertexArray(0)
        try GLCheck.check("BlurRunner setup")
    }

    deinit {
        glDeleteVertexArrays(1, &vao)
        glDeleteBuffers(1, &corners)
    }

    /// Blurs `source` through the pyramid and returns the blurred reduced level, 2^k times smaller, without
    /// upsampling it (the caller owns the target and returns it to the pool); nil when `method` is the
    /// exact blur. Texel copies read it through `primitive.frag`'s REDUCED variant, which reconstructs each
    /// full-size texel as `blur_upsample.frag` would have, so the full-size pass is never written.
    ///
    /// A gray source (`Pass.isGray`) is blurred on wide levels, two pixels to an RGBA8 texel in 16-bit fixed
    /// point (`blur_wide.frag`), and the level returned is wide (`packed`); an RGBA source on levels of
    /// `pyramidFormat`.
    func runReduced(source: RenderTarget, sigma: Double, method: BlurMethod,
                    gray: Bool) throws -> (target: RenderTarget, factor: Int, packed: Bool)? {
        let levels = method.levels, reduced = method.reducedSigma
        guard levels > 0 else { return nil }
        guard levels <= BlurPyramid.deepestUnbounded, reduced > 0, 3 * reduced <= Double(BlurRunner.maxRadius) else {
            throw GLError.invalidGraph("a blur pyramid of \(levels) levels at reduced sigma \(reduced) is beyond "
                                       + "\(BlurPyramid.deepestUnbounded) levels or radius \(BlurRunner.maxRadius)")
        }
        // Fitted or Gaussian, the reduced kernel's radius is ceil(3 reduced), within the shaders' by the guard.
        let kernel = BlurRunner.kernel(weights: method.reducedWeights(sigma: sigma))
        defer { glBindVertexArray(0) }
        bindState()
        let packed = gray
        let (current, width) = try downsampled(source, levels: levels, filter: method.downsample, packed: packed)
        defer { pool.release(current) }
        let blurred = try pool.acquire(width: current.width, height: current.height, format: current.format)
        do {
            if packed {
                try wideGaussian(current, width: width, into: blurred, kernel: kernel)
            } else {
                try gaussian(current, into: blurred, kernel: kernel, intermediate: pyramidFormat)
            }
        } catch {
            pool.release(blurred)
            throw error
        }
        return (blurred, 1 << levels, packed)
    }

    /// The state every blur draw expects: no blending, this runner's vertex array, unit 0 without a sampler.
    private func bindState() {
        glDisable(GLenum(GL_BLEND))
        glBindVertexArray(vao)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindSampler(0, 0)
    }

    /// `source` halved `levels` times by `filter`, sizes grown so no pixel is lost (a pooled target), and
    /// the last level's width in pixels: a box's level is ceil(n / 2) wide, a binomial's, whose texel c
    /// reads 2c - 1 ... 2c + 2, floor(n / 2) + 1. `packed`: the levels are wide (`blur_wide.frag`), the
    /// first read from the unpacked gray source.
    private func downsampled(_ source: RenderTarget, levels: Int, filter: BlurMethod.Downsample,
                             packed: Bool) throws -> (RenderTarget, width: Int) {
        var current = source
        var width = source.width
        var height = source.height
        func half(_ n: Int) -> Int { filter == .box ? (n + 1) / 2 : n / 2 + 1 }
        for level in 0..<levels {
            width = half(width)
            height = half(height)
            let defines = ["DOWNSAMPLE"] + (level == 0 ? ["SOURCE_RGBA"] : []) + (filter == .binomial ? ["BINOMIAL"] : [])
            guard let program = packed ? try wideStage(defines) : downsample[filter] else {
                throw GLError.invalidGraph("no down-sampling program for \(filter)")
            }
            let next = try pool.acquire(width: packed ? (width + 1) / 2 : width, height: height,
                                        format: packed ? GL_RGBA8 : pyramidFormat)
            do {
                if packed {
                    glUseProgram(program.id)
                    glUniform1i(program.uniform("u_width"), GLint(width))
                }
                try draw(program, from: current, into: next)
            } catch {
                pool.release(next)
                if current !== source { pool.release(current) }
                throw error
            }
            if current !== source { pool.release(current) }
            current = next
        }
        return (current, width)
    }

    /// Blurs `source` into `destination` (same size): the exact blur, or the pyramid's reduced level
    /// (`runReduced`) upsampled by bilinear reconstruction; a `gray` source through wide (16-bit) targets.
    func run(source: RenderTarget, destination: RenderTarget, sigma: Double, method: BlurMethod, gray: Bool) throws {
        if let (blurred, factor, packed) = try runReduced(source: source, sigma: sigma, method: method, gray: gray) {
            defer { pool.release(blurred) }
            defer { glBindVertexArray(0) }
            bindState()
            let program = packed ? try packedUpsampleProgram() : upsample
            glUseProgram(program.id)
            glUniform1f(program.uniform("u_factor"), Float(factor))
            try draw(program, from: blurred, into: destination)
            return
        }
        // A plan made for a renderer with a wider exact blur (the CPU's) must not be cut short here.
        let radius = Int(pixels: 3 * sigma, .up, in: 0...PixelLimit.max)
        guard radius <= BlurRunner.maxRadius else {
            throw GLError.invalidGraph("an exact blur of sigma \(sigma) needs radius \(radius), beyond the \(BlurRunner.maxRadius) "
                                       + "this renderer runs (its capabilities' maxExactBlurRadius): plan the graph "
                                       + "with GPURenderer.capabilities")
        }
        defer { glBindVertexArray(0) }
        bindState()
        if gray {
            try exactGray(source, into: destination, sigma: sigma)
        } else {
            try gaussian(source, into: destination, kernel: BlurRunner.kernel(sigma: sigma),
                         intermediate: exactIntermediate, quantize: true)
        }
    }

    /// The method this renderer runs for `method` at `sigma`: the planner's, except that an RGBA pass on a
    /// context without float targets (RGBA8 levels, each adding up to half a step beyond the planner's
    /// bound) takes the exact kernel where it fits the shaders.
    func effective(_ method: BlurMethod, sigma: Double, gray: Bool) -> BlurMethod {
        guard method.levels > 0, !gray, pyramidFormat == GL_RGBA8,
              Int(pixels: 3 * sigma, .up, in: 0...PixelLimit.max) <= BlurRunner.maxRadius else { return method }
        return .exact
    }

    /// `blur_upsample.frag` reading a packed level.
    private func packedUpsampleProgram() throws -> ShaderProgram {
        if let p = packedUpsample { return p }
        let p = try ShaderProgram(vertex: "fullscreen.vert", fragment: "blur_upsample.frag", defines: ["PACKED"])
        packedUpsample = p
        return p
    }

    /// `blur_wide.frag` with `defines`.
    private func wideStage(_ defines: [String]) throws -> ShaderProgram {
        if let p = wideStages[defines] { return p }
        let p = try ShaderProgram(vertex: "fullscreen.vert", fragment: "blur_wide.frag", defines: defines)
        wideStages[defines] = p
        return p
    }

    /// The two-direction blur of a wide level (`width` pixels) by `kernel` into a wide `destination` of its
    /// size, through a wide intermediate.
    private func wideGaussian(_ source: RenderTarget, width: Int, into destination: RenderTarget,
                              kernel: (radius: Int, weights: [Float])) throws {
        let (radius, weights) = kernel
        let middle = try pool.acquire(width: source.width, height: source.height, format: GL_RGBA8)
        defer { pool.release(middle) }
        for (stage, from, into) in [("HORIZONTAL", source, middle), ("VERTICAL", middle, destination)] {
            let program = try wideStage(["RADIUS \(radius)", stage])
            glUseProgram(program.id)
            glUniform1fv(program.uniform("u_weights"), GLsizei(radius + 1), weights)
            glUniform1i(program.uniform("u_width"), GLint(width))
            try draw(program, from: from, into: into)
        }
    }

    /// The exact blur of an unpacked gray pass into an unpacked `destination` of its size, through a wide
    /// intermediate (`blur_wide.frag`): the 16-bit fixed point the CPU keeps between the directions too.
    private func exactGray(_ source: RenderTarget, into destination: RenderTarget, sigma: Double) throws {
        let (radius, weights) = BlurRunner.kernel(sigma: sigma)
        let middle = try pool.acquire(width: (source.width + 1) / 2, height: source.height, format: GL_RGBA8)
        defer { pool.release(middle) }
        let horizontal = ["RADIUS \(radius)", "HORIZONTAL", "SOURCE_RGBA"]
        let vertical = ["RADIUS \(radius)", "VERTICAL", "TARGET_RGBA"]
        for (defines, from, into) in [(horizontal, source, middle), (vertical, middle, destination)] {
            let program = try wideStage(defines)
            glUseProgram(program.id)
            glUniform1fv(program.uniform("u_weights"), GLsizei(radius + 1), weights)
            glUniform1i(program.uniform("u_width"), GLint(source.width))
            try draw(program, from: from, into: into)
        }
    }

    /// The intermediate of an exact RGBA blur: float where the context renders to it, the first direction
    /// storing the 16-bit fixed point the CPU keeps (`QUANTIZE`); else RGBA8, which rounds it to 8 bits,
    /// up to half a step from the CPU's intermediate (a context without GL_EXT_color_buffer_float).
    private var exactIntermediate: Int32 { pyramidFormat }

    /// The exact kernel's radius, ceil(3 sigma) up to `maxRadius`, and its weights w_0 ... w_radius: the
    /// upper half of `GaussianKernel`'s, the CPU's numbers.
    static func kernel(sigma: Double) -> (radius: Int, weights: [Float]) {
        kernel(weights: GaussianKernel.weights(sigma: sigma, limit: BlurRunner.maxRadius))
    }

    /// The upper half w_0 ... w_radius of symmetric weights over offsets -radius ... radius.
    static func kernel(weights w: [Double]) -> (radius: Int, weights: [Float]) {
        let radius = w.count / 2
        return (radius, w[radius...].map { Float($0) })
    }

    /// The exact blur's program for one radius and direction; `quantize`: its sums stored as the 16-bit
    /// intermediate; `store8`: written to an 8-bit pass (with the tie bias, store.glsl).
    private func separable(radius: Int, vertical: Bool, quantize: Bool = false, store8: Bool = false) throws -> ShaderProgram {
        let key = 8 * radius + (vertical ? 1 : 0) + (quantize ? 2 : 0) + (store8 ? 4 : 0)
        if let p = separable[key] { return p }
        var defines = ["RADIUS \(radius)"]
        if vertical { defines.append("VERTICAL") }
        if quantize { defines.append("QUANTIZE") }
        if store8 { defines.append("STORE8") }
        let p = try ShaderProgram(vertex: "fullscreen.vert", fragment: "blur_separable.frag", defines: defines)
        separable[key] = p
        return p
    }

    /// The two-direction blur by `kernel` through an `intermediate` of that format; `quantize`: the exact
    /// blur's, whose first direction stores the 16-bit intermediate (a float one; an RGBA8 one rounds it
    /// anyway), where the pyramid's reduced kernel keeps its float sums.
    private func gaussian(_ source: RenderTarget, into destination: RenderTarget, kernel: (radius: Int, weights: [Float]),
                          intermediate: Int32, quantize: Bool = false) throws {
        let (radius, packed) = kernel
        let middle = try pool.acquire(width: source.width, height: source.height, format: intermediate)
        defer { pool.release(middle) }
        for (vertical, from, into) in [(false, source, middle), (true, middle, destination)] {
            let program = try separable(radius: radius, vertical: vertical,
                                        quantize: quantize && !vertical && intermediate != GL_RGBA8,
                                        store8: into.format == GL_RGBA8 || into.format == GL_BGRA_EXT)
            glUseProgram(program.id)
            glUniform1fv(program.uniform("u_weights"), GLsizei(radius + 1), packed)
            try draw(program, from: from, into: into)
        }
    }

    private func draw(_ program: ShaderProgram, from source: RenderTarget, into target: RenderTarget) throws {
        glUseProgram(program.id)
        glUniform1i(program.uniform("u_source"), 0)
        target.bind()
        glBindTexture(GLenum(GL_TEXTURE_2D), source.texture.id)
        try gl("glDrawArrays(blur)") { glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4) }
        drawCalls += 1
        pixels += target.width * target.height
    }
}
