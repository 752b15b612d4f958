// store.glsl: what a shader adds to a value it stores in an 8-bit target.
//
// TIE_BIAS, 1/256 of a step: a value an exact tie puts on a half step (a texel of 201 times opacity 0.5 is
// 100.5) then rounds up on every GPU and on the CPU (`Blend.tieBias`), instead of whichever way each one's
// float error leans (which split such pixels between the renderers about half and half). Far above
// single-precision error (about 1e-4 of a step), far below a step.
const float TIE_BIAS = 1.0 / (256.0 * 255.0);
