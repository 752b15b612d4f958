/// LaminaCore: the layer model, scene decoding, and the planner that turns Core Animation semantics into a
/// `RenderGraph`.
///
/// Owns the `Layer` classes, the scene decoder (the only place input is validated), and the planner;
/// the render graph it produces is LaminaGraph's, and the geometry below it and both renderers (`Transform3D`,
/// `Path`, the stroker, path coverage, Gaussian weights and the blur's error bounds) is LaminaGeometry's; neither
/// is re-exported (only LaminaKit re-exports). Nothing here knows a backend exists. It
/// sits above LaminaImage because layers hold images as their contents and the decoder validates images while
/// decoding.
import LaminaGraph
