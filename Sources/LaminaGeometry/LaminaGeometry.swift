/// LaminaGeometry: the geometry below the planner and both renderers, with nothing above Foundation.
///
/// - `Transform/`: `Transform3D` (its kind on the z = 0 plane decided once, `PlaneMapKind`), the plane's
///   homography inverse (`PlaneInverse`), `CGAffineTransform`.
/// - `Path/`: `Path` and its SVG path data, flattening to a pixel tolerance, rounded rects and their recognition,
///   exact-area coverage (`PathRasterizer`) and its trapezoid decomposition (`PathTrapezoids`).
/// - `Stroke/`: the stroker and the dasher.
/// - `Blur/`: one Gaussian's weights (`GaussianKernel`) and the GPU blur's computed error bounds
///   (`BlurErrorBound`).
/// - `Pixels/`: pixel rects, the one checked float-to-pixel conversion (`Int(pixels:)`), the occluder grid.
import Foundation
