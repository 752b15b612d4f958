import LaminaGraph
import LaminaGeometry

/// Which variant of `primitive.frag` draws an instance: the (shape, paint) pair it draws and the defines
/// that specialise it.
///
/// Skia's habit of classifying once and picking the program from the class: the radius tests and the
/// texture filters are decided here, per op, so the shader carries no branch a software rasterizer would
/// pay for on every fragment.
struct ShaderKey: Hashable {
    /// The (shape, paint) pair a program draws: `primitive.frag` computes the shape's coverage and the
    /// paint's colour in functions of their own (`SHAPE_*`, `PAINT_*`) and multiplies them, so any shape
    /// pairs with any paint. The common pairs have names, and two fast forms the batcher makes of them.
    struct Kind: Hashable, CustomStringConvertible {
        enum Shape: String, Hashable {
            /// Coverage 1 on every pixel of the quad (a split fill's interior, a texel copy's pixels).
            case interior = "SHAPE_INTERIOR"
            case roundedRect = "SHAPE_ROUNDED_RECT"
            /// A ring, or a fill with its border: the whole shape's coverage and the ring's (the border program).
            case ring = "SHAPE_RING"
            /// A path's exact-area coverage, read from the pass's coverage atlas (`PathCoverage`).
            case coverageMask = "SHAPE_COVERAGE_MASK"
        }
        enum Paint: String, Hashable {
            case solid = "PAINT_SOLID"
            /// A fill under a border (`BorderedFill`); a plain border has a zero fill.
            case framed = "PAINT_FRAMED"
            case texture = "PAINT_TEXTURE"
            /// A texture copied texel for texel or stretched from one line (`TexelBlit`).
            case texels = "PAINT_TEXELS"
            /// A gradient whose stops are a record of the clip table.
            case gradient = "PAINT_GRADIENT"
        }
        var shape: Shape
        var paint: Paint

        /// A split fill's interior: colour only (`OpSplitter`).
        static let solid = Kind(shape: .interior, paint: .solid)
        static let fill = Kind(shape: .roundedRect, paint: .solid)
        /// A ring, solid, or a fill with its border (`BorderedFill`) (a fill may join as a ring without an inner
        /// edge, `ring(of:)`).
        static let border = Kind(shape: .ring, paint: .framed)
        static let texture = Kind(shape: .roundedRect, paint: .texture)
        static let coverageMask = Kind(shape: .coverageMask, paint: .solid)
        /// A texture draw that copies texels one to one or stretches one line (`TexelBlit`).
        static let texel = Kind(shape: .interior, paint: .texels)
        static let gradient = Kind(shape: .roundedRect, paint: .gradient)

        var description: String { "\(shape) x \(paint)" }
    }

    /// How a texture draw samples: one filter (decided for the whole draw under a map without perspective,
    /// `TextureSampling`, or both filters the same) needs no level of detail; anything else goes through the
    /// general sampler.
    enum Sampling: Hashable { case nearest, linear, general }

    var kind: Kind
    /// Fills, borders, gradients and textures: some radius is non-zero (as a float, as the shader sees it).
    var rounded = false
    /// Borders: some radius of the inner edge, max(0, r - width), is non-zero.
    var innerRounded = false
    var sampling = Sampling.general
    /// Texture draws: multiplied by a mask pass's alpha.
    var masked = false
    /// Some op of the batch has clips.
    var clipped = false
    /// Texel draws: the source is a blur kept at its reduced pyramid level (`BlurRunner.runReduced`); the
    /// shader reconstructs each full-size texel as the upsampling pass would have stored it.
    var reduced = false
    /// Reduced texel draws: the level is packed, two pixels of a row to a texel in 16-bit fixed point (a gray pass).
    var packed = false
    /// Solids under the linear tuning (`RasterTuning`): drawn in a blended batch (translucent, or not
    /// culling), so kept off llvmpipe's 8-bit linear shading, whose blend rounds differently from the
    /// general path's; the opaque batch's solids, written without blending, take it and are exact.
    var blended = false
    /// Drawn in a blended batch that blends in the shader through framebuffer fetch (`RasterTuning.fetchBlend`).
    var fetchBlend = false
    /// Gradients: the kind, so the program evaluates only its own parameter (a software rasterizer runs
    /// the other kinds' code under a mask too: on llvmpipe the conic's arc tangents cost axial gradients a
    /// quarter of their time).
    var gradientKind = GradientPaint.Kind.axial
    /// A texture draw reading level 0 of an image packed in an atlas page (`ImageAtlas`): a texel copy, or
    /// nearest or bilinear sampling without a mask.
    var atlas = false
    /// A texel copy of a kept region made over its backdrop (`PassBatcher.keptCopy`): `opaque_copy.frag`,
    /// `texture()` at interpolated coordinates with nearest filtering and no blending, the form llvmpipe's
    /// linear rasterizer copies row by row. Its own program: none of the other fields apply.
    var opaqueCopy = false
    /// How a program that maps pixels to local points (`usesMap`) computes them: through the general
    /// projective map, or, for the forms it knows, without the arithmetic that gives exactly x / 1 there.
    enum MapForm: Hashable {
        case projective
        /// W = 1 at every point (G's third column (0, 0, 1)): no division, no in-front test, the Jacobian
        /// is G's first two columns (`AFFINE_MAP`).
        case affine
        /// An affine map with G's linear part the identity: the local point is the pixel plus G's third row,
        /// the Jacobian the identity (`TRANSLATION_MAP`).
        case translation

        /// The form of G, row-major in lanes 0...8 (`ProjectiveMap.g`). A G with an entry past 2^20 stays
        /// projective: there a product with a pixel coordinate could overflow, and only the general map's
        /// in-front test (infinity times zero, not a number) discards such a pixel.
        init(_ g: SIMD16<Float>) {
            guard g[2] == 0, g[5] == 0, g[8] == 1, (0..<9).allSatisfy({ abs(g[$0]) <= 0x1p20 }) else {
                self = .projective
                return
            }
            self = g[0] == 1 && g[1] == 0 && g[3] == 0 && g[4] == 1 ? .translation : .affine
        }
    }
    /// The map's form (`MapForm`), for programs that map (`usesMap`). Every form computes the general map's
    /// floats, so the bytes do not depend on it; on llvmpipe a bordered card's fragments cost about a tenth
    /// less under a translation.
    var map = MapForm.projective

    /// Whether the program maps each pixel to a local point (rounded rects, rings, textures, gradients).
    var usesMap: Bool {
        kind.shape == .roundedRect || kind.shape == .ring || kind.paint == .texture || kind.paint == .gradient
    }

    /// The `#define`s of this variant.
    var defines: [String] {
        if opaqueCopy { return ["OPAQUE_COPY"] }
        var d = [kind.shape.rawValue, kind.paint.rawValue]
        if rounded { d.append("ROUNDED") }
        if innerRounded { d.append("INNER_ROUNDED") }
        if kind.paint == .texture {
            switch sampling {
            case .nearest: d.append("SAMPLE_NEAREST")
            case .linear: d.append("SAMPLE_LINEAR")
            case .general: break
            }
            if masked { d.append("MASKED") }
        }
        if kind.paint == .texels && reduced { d += packed ? ["REDUCED", "PACKED"] : ["REDUCED"] }
        if atlas && (kind.paint == .texels || kind.paint == .texture) { d.append("ATLAS") }
        if kind == .solid && blended { d.append("BLENDED") }
        if kind.paint == .gradient {
            switch gradientKind {
            case .axial: d.append("GRADIENT_AXIAL")
            case .radial: d.append("GRADIENT_RADIAL")
            case .conic: d.append("GRADIENT_CONIC")
            }
        }
        if usesMap {
            switch map {
            case .projective: break
            case .affine: d.append("AFFINE_MAP")
            case .translation: d.append("TRANSLATION_MAP")
            }
        }
        if clipped { d.append("CLIPS") }
        if fetchBlend { d.append("FETCH_BLEND") }
        return d
    }

    /// The key of a fill or border of `shape` (`width` for borders).
    static func shape(_ shape: RoundedRect, border width: Double?) -> ShaderKey {
        let radii = SIMD4(Float(shape.minXMinY), Float(shape.maxXMinY), Float(shape.minXMaxY), Float(shape.maxXMaxY))
        let rounded = any(radii .!= 0)
        guard let width else { return ShaderKey(kind: .fill, rounded: rounded) }
        // The shader computes max(radii - width, 0) in float; a float difference is positive exactly when
        // the minuend is larger.
        return ShaderKey(kind: .border, rounded: rounded, innerRounded: any(radii .> SIMD4(repeating: Float(width))))
    }

    /// The border width a fill's record carries when a border program may draw it: negative, which
    /// `primitive.frag`'s ring coverage reads as "no inner edge", so the ring is the outer shape.
    static let noInnerEdge: Float = -1

    /// The border program that draws this fill exactly, given the border batch's key `batch`: same radius
    /// test and clips, whatever its inner radius test (a fill has no inner edge). The border program's
    /// outer coverage is the fill program's (rounded: the same rounded-rect coverage; square: the rect
    /// coverage with every edge antialiased, so only fills with all edges antialiased may be drawn as
    /// rings, `PassBatcher`). Overlapping bordered cards then share one batch instead of alternating a
    /// fill batch and a border batch per card: on llvmpipe, cards-200 drew in 21 calls instead of 74.
    func ring(of batch: ShaderKey) -> ShaderKey {
        guard kind == .fill else { return self }
        var k = self
        k.kind = .border
        k.innerRounded = batch.innerRounded
        return k
    }

    /// The sampling of a texture draw with these filters.
    static func sampling(min: ContentsFilter, mag: ContentsFilter) -> Sampling {
        switch (min, mag) {
        case (.nearest, .nearest): return .nearest
        case (.linear, .linear): return .linear
        default: return .general
        }
    }
}
