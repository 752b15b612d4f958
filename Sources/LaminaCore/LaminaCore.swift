/// LaminaCore: the layer model, scene decoding, and the planner that turns Core Animation semantics into a
/// `RenderGraph`.
///
/// Owns geometry (Foundation's CGPoint/CGSize/CGRect, `Transform3D`), `Color`, `Path` and its SVG parser,
/// the `Layer` classes, the scene decoder (the only place input is validated), and the planner. Nothing here
/// knows a backend exists. It sits above LaminaImage because layers hold images as their contents and the
/// decoder validates images while decoding.
@_exported import LaminaImage
