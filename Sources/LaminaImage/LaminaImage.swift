/// LaminaImage: the pixel buffer both renderers produce, the PNG codec, and image comparison.
///
/// Owns `Image` (premultiplied RGBA8, the one pixel type inside Lamina), `Bitmap` and its `MipChain`,
/// `PNG` (libpng's simplified API; straight alpha and sRGB at the file boundary only), `AtomicFile`, and
/// `ImageComparison` (the metrics, heat map and `fuzzy(maxDiff, maxPixels)` rule that parity checks and
/// `lamina diff` share). Errors are `ImageError`.
///
/// Invariants: every `Image` holds exactly `width * height * 4` bytes; colour never exceeds alpha in
/// images Lamina makes. Rejected: libpng's progressive reader, whose errors `longjmp` through Swift frames;
/// comparing straight alpha, which magnifies invisible differences in nearly transparent pixels; and a
/// `Tolerance` type here, because LaminaCore already has one (scenes state it) and
/// `ImageComparison.isWithin(maxDiff:maxPixels:)` is all it needs from this module.
