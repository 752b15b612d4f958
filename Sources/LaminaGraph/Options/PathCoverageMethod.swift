/// How the GPU computes a path fill's coverage (LaminaGL's `PathCoverage`); both give the CPU's exact area
/// of the fill in each pixel, and differ only in cost.
public enum PathCoverageMethod: String, Sendable, Equatable, CaseIterable {
    /// Every pixel the fill's trapezoids (`PathTrapezoids`) touch computes their exact areas.
    case trapezoids
    /// The winding number in the stencil buffer decides the pixels no edge touches (0 or 1); only the
    /// pixels the trapezoids' sides touch compute exact areas.
    case stencil
}
