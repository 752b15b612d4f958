import Foundation

/// How a value becomes a byte where a pass is stored, on both renderers: v x 255 plus `tieBias`, rounded to
/// nearest and clamped. The CPU rounds so (`Blend.quantize`), the GPU's shaders round so themselves and
/// hand the target the byte over 255 (store.glsl's `storeValue`), and where the GPU is given a colour already on the
/// 8-bit grid (llvmpipe's opaque solids, `RasterTuning.exactOnLinear`) the byte is this one.
public enum StoreRounding {
    /// 1/256 of a step: a value an exact tie puts on a half step (a texel of 201 times opacity 0.5 is
    /// 100.5) rounds up on both renderers, where each one's float error leaned its own way (in a group of
    /// opacity 0.5 drawn into a pass, 40 % of the pixels were a step apart). Far above single-precision
    /// error (about 1e-4 of a step), far below a step.
    public static let tieBias = 1.0 / 256

    /// The byte `v` (0 ... 1) is stored as: `round(v * 255 + tieBias)` clamped to 0...255, for every v.
    /// `round(t) <= 0` exactly when `t < 0.5` and `round(t) >= 255` exactly when `t >= 254.5`; in between,
    /// `t + 0.5` is computed without an error that could cross an integer (0.5 is a multiple of t's ulp
    /// there, and a carry into the next binade only happens past the integer that starts it), so truncating
    /// it is `round(t)`, without libm's `round`. A NaN gives 0.
    @inlinable
    public static func byte(_ v: Double) -> UInt8 {
        let t = v * 255 + tieBias
        if !(t >= 0.5) { return 0 }
        if t >= 254.5 { return 255 }
        return UInt8(truncatingIfNeeded: Int(t + 0.5))
    }
}
