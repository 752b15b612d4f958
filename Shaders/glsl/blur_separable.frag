#version 300 es
// blur_separable.frag: one direction of the exact Gaussian, sum over |i| <= RADIUS of w_|i| * texel, with
// texels outside the source transparent (GLES 3.0 has no CLAMP_TO_BORDER, so coordinates are tested).
//
// Compiled per radius and direction (defines RADIUS and VERTICAL, `BlurRunner`): the loop then has a
// constant trip count, which the compiler unrolls, so no weight is indexed dynamically and only the
// coordinate that moves is tested. On llvmpipe that is about 3x fewer instructions per tap than a loop
// over a uniform radius.
//
// QUANTIZE (the exact blur's first direction, into a float target): the sum is stored as the 16-bit fixed
// point both renderers keep between the directions (`BlurIntermediate`, blur_wide.frag's packWide).
// STORE8 (a direction that writes an 8-bit pass): the sum put on the 8-bit grid (storeValue, store.glsl).
precision highp float;
precision highp int;
precision highp sampler2D;

#include "store.glsl"

uniform sampler2D u_source;
uniform float u_weights[RADIUS + 1];   // w_0 ... w_RADIUS, normalised on the CPU in double precision

out vec4 fragColor;

// The texel at coordinate c along the blur direction (the other coordinate is the fragment's), or
// transparent outside [0, n). The fetch is clamped inside, so it is always defined, and then discarded.
vec4 tap(ivec2 p, int c, int n) {
#ifdef VERTICAL
    vec4 t = texelFetch(u_source, ivec2(p.x, clamp(c, 0, n - 1)), 0);
#else
    vec4 t = texelFetch(u_source, ivec2(clamp(c, 0, n - 1), p.y), 0);
#endif
    return uint(c) < uint(n) ? t : vec4(0.0);
}

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 p = ivec2(gl_FragCoord.xy);
#ifdef VERTICAL
    int n = size.y, at = p.y;
#else
    int n = size.x, at = p.x;
#endif
    vec4 sum = u_weights[0] * texelFetch(u_source, p, 0);
    for (int i = 1; i <= RADIUS; i++) {
        sum += u_weights[i] * (tap(p, at - i, n) + tap(p, at + i, n));
    }
#ifdef QUANTIZE
    vec4 x = clamp(sum, 0.0, 1.0) * 255.0;
    vec4 h = floor(x);
    fragColor = (h + floor((x - h) * 255.0 + 0.5) * (1.0 / 255.0)) * (1.0 / 255.0);
#elif defined(STORE8)
    fragColor = storeValue(sum);
#else
    fragColor = sum;
#endif
}
