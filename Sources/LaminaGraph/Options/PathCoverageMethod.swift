/// How the GPU computes a path fill's coverage (LaminaGL's `PathCoverage`); all give the CPU's exact area
/// of the fill in each pixel, and differ only in cost.
public enum PathCoverageMethod: String, Sendable, Equatable, CaseIterable {
    /// Every pixel the fill's trapezoids (`PathTrapezoids`) touch computes their exact areas.
    case trapezoids
    /// The winding number in the stencil buffer decides the pixels no edge touches (0 or 1); only the
    /// pixels the trapezoids' sides touch compute exact areas.
    case stencil
    /// The CPU's own rasterizer (`PathRasterizer`, on every core) computes it and the GPU reads it uploaded:
    /// the choice for a software GL driver, whose "GPU" is the same CPU (the coverage is then the CPU
    /// renderer's to the bit).
    case upload

    /// The method for a GL driver named `renderer` (GL_RENDERER): `upload` on a software rasterizer
    /// (Mesa's llvmpipe, softpipe, swrast), `trapezoids` on a GPU.
    public static func chosen(forRenderer renderer: String) -> PathCoverageMethod {
        isSoftware(renderer: renderer) ? .upload : .trapezoids
    }

    /// Whether the GL driver named `renderer` (GL_RENDERER) rasterizes on the CPU: Mesa's llvmpipe, softpipe
    /// or swrast.
    public static func isSoftware(renderer: String) -> Bool {
        ["llvmpipe", "softpipe", "swrast"].contains(where: { renderer.lowercased().contains($0) })
    }
}
