/// How the GPU computes a path fill's coverage (LaminaGL's `PathCoverage`); all give the CPU's exact area
/// of the fill in each pixel, and differ only in cost.
public enum PathCoverageMethod: String, Sendable, Equatable, CaseIterable {
    /// Every pixel the fill's trapezoids (`PathTrapezoids`) touch computes their exact areas.
    case trapezoids
    /// The winding number in the stencil buffer decides the pixels no edge touches (0 or 1); only the
    /// pixels the trapezoids' sides touch compute exact areas.
    case stencil
    /// The CPU's own rasterizer (`PathRasterizer`, on every core) computes it and the GPU reads it uploaded
    /// (the coverage is then the CPU renderer's to the bit).
    case upload

    /// The method a renderer takes when its options name none: `upload`, on every driver. On a software
    /// rasterizer (llvmpipe) the "GPU" is the same CPU; on a hardware GPU the trapezoids are cut on the CPU
    /// too, one fill after another, and cost more than the rasterizer on every core: a first frame of 500
    /// stroked curves took 219 ms with trapezoids, 388 with the stencil and 33 uploaded on an NVIDIA H200
    /// (16-core host), 300 filled shapes 36, 28 and 27 ms. Frames that keep their coverage differ by a
    /// millisecond or two either way (8.7, 9.0 and 10.2 ms; 4.6, 3.9 and 4.9).
    public static let standard: PathCoverageMethod = .upload

    /// Whether the GL driver named `renderer` (GL_RENDERER) rasterizes on the CPU: Mesa's llvmpipe, softpipe
    /// or swrast.
    public static func isSoftware(renderer: String) -> Bool {
        ["llvmpipe", "softpipe", "swrast"].contains(where: { renderer.lowercased().contains($0) })
    }
}
