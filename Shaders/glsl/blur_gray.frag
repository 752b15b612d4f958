#version 300 es
// blur_gray.frag: the blur's stages for a gray pass (`Pass.isGray`, r = g = b = a), on "packed" targets
// that hold four pixels of a row per texel: channel c of texel (j, y) is pixel (4j + c, y).
//
// Every channel of an output texel is the sum blur_downsample.frag or blur_separable.frag computes for
// one pixel: the same Float operations on the same values in the same order, so the bytes are theirs. An
// RGBA blur of a gray pass computes each sum four times, once per channel; packed, a texel's four channels
// are four different pixels, so a stage reading a packed source fetches and adds about a quarter as much
// (the vertical stage writing RGBA still sums four channels to keep one). Same bytes as far as a driver
// compiles the two shaders' operations alike (GLSL ES has no `precise`): byte-identical on llvmpipe.
//
// Defines: exactly one of DOWNSAMPLE (2x2 box to half size; with BINOMIAL the binomial [1 3 3 1] / 8 of
// blur_downsample.frag), HORIZONTAL or VERTICAL (one direction of the
// exact Gaussian; RADIUS as in blur_separable.frag); SOURCE_RGBA when the source is an unpacked gray pass
// (its red channel is the pixel), TARGET_RGBA when the target is unpacked (written r = g = b = a).
//
// Pixels past a packed row's width, in its last texel, are zero, as a texel outside an RGBA target reads:
// a downsample's pixel there reads only pixels outside its source, the horizontal stage writes zero there
// (u_width), and the vertical one mixes only rows.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_source;
#ifndef DOWNSAMPLE
uniform float u_weights[RADIUS + 1];   // w_0 ... w_RADIUS, normalised on the CPU in double precision
#endif
#ifdef HORIZONTAL
uniform int u_width;   // the row's width in pixels
#endif

out vec4 fragColor;

// The texel at t, transparent outside the source (fetched clamped inside, so always defined).
vec4 texel(ivec2 t, ivec2 size) {
    vec4 v = texelFetch(u_source, clamp(t, ivec2(0), size - 1), 0);
    return uint(t.x) < uint(size.x) && uint(t.y) < uint(size.y) ? v : vec4(0.0);
}

#if defined(TARGET_RGBA) && !defined(VERTICAL)
#error "TARGET_RGBA is the vertical stage's"
#endif
#if defined(SOURCE_RGBA) && defined(VERTICAL)
#error "the vertical stage reads a packed source"
#endif

#ifdef SOURCE_RGBA
// Pixel (x, y) of the unpacked source, zero outside.
float pixel(int x, int y, ivec2 size) { return texel(ivec2(x, y), size).r; }
#endif

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 p = ivec2(gl_FragCoord.xy);
#ifdef TARGET_RGBA
    int x0 = p.x;
#else
    int x0 = 4 * p.x;   // the first of the texel's four pixels
#endif

#if defined(DOWNSAMPLE) && defined(BINOMIAL)
    // Output pixels x0 ... x0 + 3 read source pixels 2 x0 - 1 ... 2 x0 + 8 of rows 2y - 1 ... 2y + 2.
    const float B[4] = float[4](0.125, 0.375, 0.375, 0.125);
    vec4 sum = vec4(0.0);
    for (int j = 0; j < 4; j++) {
        int y = 2 * p.y + j - 1;
        float v[10];
#ifdef SOURCE_RGBA
        for (int k = 0; k < 10; k++) v[k] = pixel(2 * x0 - 1 + k, y, size);
#else
        // Pixel 2 x0 - 1 + k is channel (k + 3) & 3 of texel 2 p.x - 1 + (k + 3) / 4.
        vec4 t[4];
        for (int n = 0; n < 4; n++) t[n] = texel(ivec2(2 * p.x - 1 + n, y), size);
        for (int k = 0; k < 10; k++) v[k] = t[(k + 3) >> 2][(k + 3) & 3];
#endif
        vec4 row = vec4(0.0);
        for (int i = 0; i < 4; i++) row += B[i] * vec4(v[i], v[i + 2], v[i + 4], v[i + 6]);
        sum += B[j] * row;
    }
    fragColor = sum;

#elif defined(DOWNSAMPLE)
#ifdef SOURCE_RGBA
    vec4 sum;
    for (int c = 0; c < 4; c++) {
        int x = 2 * (x0 + c), y = 2 * p.y;
        sum[c] = 0.25 * (pixel(x, y, size) + pixel(x + 1, y, size) + pixel(x, y + 1, size)
                         + pixel(x + 1, y + 1, size));
    }
#else
    // Output pixels 4j ... 4j + 3 box source pixels 8j ... 8j + 7: texels 2j and 2j + 1 of two rows.
    vec4 a0 = texel(ivec2(2 * p.x, 2 * p.y), size), a1 = texel(ivec2(2 * p.x + 1, 2 * p.y), size);
    vec4 b0 = texel(ivec2(2 * p.x, 2 * p.y + 1), size), b1 = texel(ivec2(2 * p.x + 1, 2 * p.y + 1), size);
    vec4 sum = 0.25 * (vec4(a0.xz, a1.xz) + vec4(a0.yw, a1.yw) + vec4(b0.xz, b1.xz) + vec4(b0.yw, b1.yw));
#endif
    fragColor = sum;

#elif defined(HORIZONTAL)
    // The row's pixels x0 - RADIUS ... x0 + 3 + RADIUS, read once for the four sums.
    const int N = 2 * RADIUS + 4;
    float v[N];
#ifdef SOURCE_RGBA
    for (int k = 0; k < N; k++) v[k] = pixel(x0 - RADIUS + k, p.y, size);
#else
    // Texels j + LO ... j + HI hold them (LO = floor(-RADIUS / 4)).
    const int LO = -((RADIUS + 3) / 4), HI = (RADIUS + 3) / 4;
    vec4 t[HI - LO + 1];
    for (int n = 0; n <= HI - LO; n++) t[n] = texel(ivec2(p.x + LO + n, p.y), size);
    for (int k = 0; k < N; k++) {
        int d = k - RADIUS;   // the pixel's offset from x0
        v[k] = t[(d >> 2) - LO][d & 3];
    }
#endif
    vec4 sum = u_weights[0] * vec4(v[RADIUS], v[RADIUS + 1], v[RADIUS + 2], v[RADIUS + 3]);
    for (int i = 1; i <= RADIUS; i++) {
        vec4 left = vec4(v[RADIUS - i], v[RADIUS + 1 - i], v[RADIUS + 2 - i], v[RADIUS + 3 - i]);
        vec4 right = vec4(v[RADIUS + i], v[RADIUS + 1 + i], v[RADIUS + 2 + i], v[RADIUS + 3 + i]);
        sum += u_weights[i] * (left + right);
    }
    fragColor = mix(vec4(0.0), sum, lessThan(x0 + ivec4(0, 1, 2, 3), ivec4(u_width)));

#else   // VERTICAL, from a packed source
    ivec2 at = ivec2(x0 >> 2, p.y);
    vec4 sum = u_weights[0] * texel(at, size);
    for (int i = 1; i <= RADIUS; i++) {
        sum += u_weights[i] * (texel(at - ivec2(0, i), size) + texel(at + ivec2(0, i), size));
    }
#ifdef TARGET_RGBA
    fragColor = vec4(sum[x0 & 3]);
#else
    fragColor = sum;
#endif
#endif
}
