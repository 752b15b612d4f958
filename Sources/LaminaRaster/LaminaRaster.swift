/// LaminaRaster: the CPU reference renderer.
///
/// Executes a `RenderGraph` exactly as its contracts say: premultiplied source-over on sRGB-encoded
/// values, float arithmetic rounded to 8 bits at the end of each pass, pixel centres at +0.5, coverage of
/// rounded rects and borders from the signed distance in pixel units, an exact separable Gaussian, texture
/// sampling written from the OpenGL ES 3.0 specification, and analytic-area path coverage.
///
/// Sees only the render graph (LaminaGraph), never a layer.
///
/// Folders: `Reference/` (the renderer and the per-pixel definitions: operations, coverage, blending, the
/// blur, texture sampling, projection) and `FastPaths/` (what computes the same bytes faster where a shape
/// allows it: spans, memos of coverage and blends, texel grids, occlusion; `RenderOptions.cpuFastPaths`
/// turns them off).
import LaminaGraph
