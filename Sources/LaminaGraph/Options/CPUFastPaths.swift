/// The CPU renderer's fast paths, each a shortcut over the reference that draws the same bytes, each
/// switched on its own (`RenderOptions.cpuPaths`) and held to the reference by its own byte-identity test.
///
/// pixman's arrangement: the reference (LaminaRaster's `Reference/`) draws any operation; a fast path
/// (`FastPaths/`) takes an operation its predicate accepts and falls back to the reference otherwise.
public struct CPUFastPaths: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Affine maps with w = 1 sampled without their divisions (`PixelSampler`'s shortcut).
    public static let affineSampling = CPUFastPaths(rawValue: 1 << 0)
    /// Axis-aligned draws walked as solid, hole and live spans, with plain rows shared (`SpanPlan`).
    public static let spans = CPUFastPaths(rawValue: 1 << 1)
    /// Fills' and borders' coverage memoised per column under a constant Jacobian (`AffineRows`,
    /// `CoverageMemo`); it walks the spans, so it takes effect with `spans`.
    public static let coverageMemo = CPUFastPaths(rawValue: 1 << 2)
    /// A pass drawn back pixel for pixel at an integer offset, its texels read directly (`runAligned`).
    public static let alignedCopies = CPUFastPaths(rawValue: 1 << 3)
    /// Nearest-filtered textures on an axis-aligned grid, one texel per column and row (`TexelGrid`).
    public static let texelGrids = CPUFastPaths(rawValue: 1 << 4)
    /// Bilinear textures on an axis-aligned grid, texel pairs and weights per column and row (`LinearGrid`).
    public static let linearGrids = CPUFastPaths(rawValue: 1 << 5)
    /// Grid draws and draws over spans leave out the pixels later opaque fills overwrite (`Occlusion`).
    public static let occlusion = CPUFastPaths(rawValue: 1 << 6)
    /// Path fills' coverage rows kept between frames for a fill drawn again unchanged (`KeptPathRows`).
    public static let keptPaths = CPUFastPaths(rawValue: 1 << 7)
    /// Rows in C with AVX2 where the processor has it, the Swift loops' bytes: bilinear grid rows
    /// (`lamina_grid_plain_row_avx2`, four components in one register, with `linearGrids`), kept draws'
    /// blends (`lamina_over_row_avx2`) and passes composited at their opacity (`lamina_map_over_row_avx2`).
    public static let vectorKernels = CPUFastPaths(rawValue: 1 << 8)
    /// A draw's source bytes kept between frames for an operation drawn again unchanged (`KeptDraws`): a warm
    /// frame of unchanged layers costs their compositing.
    public static let keptDraws = CPUFastPaths(rawValue: 1 << 9)

    /// Each fast path with its name, as the command line's `LAMINA_CPU_<NAME>` variables spell it.
    public static let named: [(name: String, path: CPUFastPaths)] = [
        ("AFFINE_SAMPLING", .affineSampling), ("SPANS", .spans), ("COVERAGE_MEMO", .coverageMemo),
        ("ALIGNED_COPIES", .alignedCopies), ("TEXEL_GRIDS", .texelGrids), ("LINEAR_GRIDS", .linearGrids),
        ("OCCLUSION", .occlusion), ("KEPT_PATHS", .keptPaths), ("VECTOR_KERNELS", .vectorKernels),
        ("KEPT_DRAWS", .keptDraws),
    ]

    /// Every fast path.
    public static let all = CPUFastPaths(named.map(\.path))
}
