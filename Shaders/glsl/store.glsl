// store.glsl: how a shader hands a value to an 8-bit target, so that every GPU stores the CPU's byte.
//
// TIE_BIAS, 1/256 of a step: a value an exact tie puts on a half step (a texel of 201 times opacity 0.5 is
// 100.5) then rounds up on every GPU and on the CPU (`Blend.tieBias`), instead of whichever way each one's
// float error leans (which split such pixels between the renderers about half and half). Far above
// single-precision error (about 1e-4 of a step), far below a step.
const float TIE_BIAS = 1.0 / (256.0 * 255.0);

// The byte a store makes of v, as the exact multiple of 1/255 it stands for: round(v * 255 + 1/256) / 255
// (`StoreRounding.byte`). The shader rounds, not the target's conversion: drivers convert a float to 8
// bits each their own way (an NVIDIA H100 rounds down values up to about 0.06 of a step past a half step;
// llvmpipe rounds to nearest), but a value already on the 8-bit grid converts to its byte on every one.
// Blending then starts from the bytes the CPU blends (`Blend`): the source and its alpha on the grid.
vec4 storeValue(vec4 v) {
    return floor(v * 255.0 + (0.5 + 1.0 / 256.0)) * (1.0 / 255.0);
}

// The byte nearest v, for a blend's result made from values on the grid (source plus destination times
// one minus alpha, in 1/255 steps: its fraction is j / 255, never a half, at least 1/510 of a step from
// one): the rounding the blend hardware applies, and the CPU's (`Blend.over`).
vec4 nearestByteValue(vec4 v) {
    return floor(v * 255.0 + 0.5) * (1.0 / 255.0);
}
