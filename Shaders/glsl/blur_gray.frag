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
// It runs the exact blur (`BlurMethod.exact`), whose intermediate is rounded to 8 bits as the CPU's is; the
// pyramid's stages, whose levels keep more bits, are blur_wide.frag's.
//
// Defines: exactly one of HORIZONTAL or VERTICAL (one direction of the
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
uniform float u_weights[RADIUS + 1];   // w_0 ... w_RADIUS, normalised on the CPU in double precision
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

#if defined(HORIZONTAL)
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
