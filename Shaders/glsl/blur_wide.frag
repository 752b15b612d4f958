#version 300 es
// blur_wide.frag: the pyramid stages of a gray pass's blur (`Pass.isGray`, r = g = b = a; `BlurRunner`),
// on "wide" targets: RGBA8 texels holding two pixels of a row each in 16-bit fixed point. Pixel c of texel
// (j, y) is pixel (2j + c, y), its value (hi + lo / 255) / 255 from channels 2c (hi) and 2c + 1 (lo).
//
// Why: a pyramid's levels must keep more than 8 bits (`BlurErrorBound`: an 8-bit level adds half a step
// each), and on llvmpipe a float level costs about three times an RGBA8 one to read (the shadow atlas's
// slices read the last level once per pixel). Stored this way a level adds at most 1/510 of a step and is
// read as RGBA8.
//
// The exact blur of a gray pass (`BlurMethod.exact`) runs here too, through a wide intermediate: its two
// directions keep the intermediate in this fixed point on both renderers (`BlurIntermediate`).
//
// Defines: exactly one of DOWNSAMPLE (a 2x2 box to half size; with BINOMIAL the binomial [1 3 3 1] / 8 over
// pixels 2x - 1 ... 2x + 2 of rows 2y - 1 ... 2y + 2), HORIZONTAL or VERTICAL (one direction of the exact
// Gaussian of RADIUS, weights u_weights). SOURCE_RGBA (DOWNSAMPLE, HORIZONTAL): the source is the unpacked
// gray pass (its red channel); otherwise it is wide. TARGET_RGBA (VERTICAL): the target is an unpacked gray
// pass, one pixel a fragment, r = g = b = a; otherwise it is wide, and pixels past u_width are written
// zero, as pixels outside a texture read.
precision highp float;
precision highp int;
precision highp sampler2D;

#include "store.glsl"

uniform sampler2D u_source;
uniform int u_width;   // the target row's width in pixels
#ifndef DOWNSAMPLE
uniform float u_weights[RADIUS + 1];   // w_0 ... w_RADIUS, normalised on the CPU in double precision
#endif

out vec4 fragColor;

// The texel at t, transparent outside the source (fetched clamped inside, so always defined).
vec4 texel(ivec2 t, ivec2 size) {
    vec4 v = texelFetch(u_source, clamp(t, ivec2(0), size - 1), 0);
    return uint(t.x) < uint(size.x) && uint(t.y) < uint(size.y) ? v : vec4(0.0);
}

// Both pixels of a wide texel.
vec2 unpackWide(vec4 t) { return t.xz + t.yw * (1.0 / 255.0); }

// Two pixel values as a wide texel: the high byte floor(255 v), the low byte the remainder in 1/255 steps,
// rounded here. Each is written a quarter step above its byte, so a conversion to 8 bits that truncates
// (GLES 3.0 §2.1.6 only prefers rounding) stores the same byte as one that rounds.
vec4 packWide(vec2 v) {
    vec2 x = clamp(v, 0.0, 1.0) * 255.0;
    vec2 h = floor(x);
    vec2 l = floor((x - h) * 255.0 + 0.5);
    return (vec4(h.x, l.x, h.y, l.y) + 0.25) * (1.0 / 255.0);
}

// Pixel (x, y) of the source, zero outside.
float pixelAt(int x, int y, ivec2 size) {
#ifdef SOURCE_RGBA
    return texel(ivec2(x, y), size).r;
#else
    return unpackWide(texel(ivec2(x >> 1, y), size))[x & 1];
#endif
}

#if defined(TARGET_RGBA) && !defined(VERTICAL)
#error "TARGET_RGBA is the vertical stage's"
#endif

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 p = ivec2(gl_FragCoord.xy);
#ifdef TARGET_RGBA
    // One pixel: the sum of its column in the wide source, the half of each texel that holds it.
    float column = u_weights[0] * unpackWide(texel(ivec2(p.x >> 1, p.y), size))[p.x & 1];
    for (int i = 1; i <= RADIUS; i++) {
        column += u_weights[i] * (unpackWide(texel(ivec2(p.x >> 1, p.y - i), size))[p.x & 1]
                                  + unpackWide(texel(ivec2(p.x >> 1, p.y + i), size))[p.x & 1]);
    }
    fragColor = storeValue(vec4(column));
    return;
#endif
    int x0 = 2 * p.x;   // the texel's first pixel
    vec2 sum = vec2(0.0);
#if defined(DOWNSAMPLE) && defined(BINOMIAL)
    // Output pixels x0 and x0 + 1 read source pixels 2 x0 - 1 ... 2 x0 + 4.
    const float B[4] = float[4](0.125, 0.375, 0.375, 0.125);
    for (int j = 0; j < 4; j++) {
        int y = 2 * p.y + j - 1;
        float v[6];
        for (int k = 0; k < 6; k++) v[k] = pixelAt(2 * x0 - 1 + k, y, size);
        vec2 row = vec2(0.0);
        for (int i = 0; i < 4; i++) row += B[i] * vec2(v[i], v[i + 2]);
        sum += B[j] * row;
    }
#elif defined(DOWNSAMPLE)
    for (int j = 0; j < 2; j++) {
        int y = 2 * p.y + j;
        vec4 v = vec4(pixelAt(2 * x0, y, size), pixelAt(2 * x0 + 1, y, size), pixelAt(2 * x0 + 2, y, size),
                      pixelAt(2 * x0 + 3, y, size));
        sum += v.xz + v.yw;
    }
    sum *= 0.25;
#elif defined(HORIZONTAL)
    // The row's pixels x0 - RADIUS ... x0 + 1 + RADIUS, read once for the two sums: from the unpacked
    // source, or from texels p.x + LO ... p.x + HI of a wide one.
    const int N = 2 * RADIUS + 2;
    float v[N];
#ifdef SOURCE_RGBA
    for (int k = 0; k < N; k++) v[k] = pixelAt(x0 - RADIUS + k, p.y, size);
#else
    const int LO = -((RADIUS + 1) / 2), HI = (RADIUS + 1) / 2;
    vec2 t[HI - LO + 1];
    for (int n = 0; n <= HI - LO; n++) t[n] = unpackWide(texel(ivec2(p.x + LO + n, p.y), size));
    for (int k = 0; k < N; k++) {
        int d = k - RADIUS;   // the pixel's offset from x0
        v[k] = t[(d >> 1) - LO][d & 1];
    }
#endif
    sum = u_weights[0] * vec2(v[RADIUS], v[RADIUS + 1]);
    for (int i = 1; i <= RADIUS; i++) {
        sum += u_weights[i] * (vec2(v[RADIUS - i], v[RADIUS + 1 - i]) + vec2(v[RADIUS + i], v[RADIUS + 1 + i]));
    }
#else   // VERTICAL
    sum = u_weights[0] * unpackWide(texel(p, size));
    for (int i = 1; i <= RADIUS; i++) {
        sum += u_weights[i] * (unpackWide(texel(p - ivec2(0, i), size)) + unpackWide(texel(p + ivec2(0, i), size)));
    }
#endif
    fragColor = packWide(mix(vec2(0.0), sum, lessThan(x0 + ivec2(0, 1), ivec2(u_width))));
}
