#version 300 es
// primitive.frag: every draw operation kind in one program, so consecutive fills, borders and texture
// draws of one texture batch into one instanced draw. The kind is per instance (flat), so branches are
// uniform across an instance's fragments. Compiled twice: with SHAPES_ONLY (fills and borders) for
// batches without a texture, because a software rasterizer such as llvmpipe runs both sides of a branch
// under a mask, so texture code it never needs would still cost every fragment. Likewise CLIPS: the clip
// loop costs llvmpipe about 40% of a card's fragment time even with zero clips, so batches without clips
// use a program compiled without it.
precision highp float;
precision highp int;
precision highp sampler2D;

#include "common.glsl"

const int KIND_FILL = 0;
const int KIND_BORDER = 1;
const int KIND_TEXTURE = 2;
const int KIND_COVERAGE_MASK = 3;
const int KIND_SOLID = 4;   // a fill's interior, coverage exactly 1 (OpSplitter), never clipped
const int TEXELS_PER_CLIP = 6;

uniform sampler2D u_texture;   // image, pass, or R8 coverage mask
uniform sampler2D u_mask;      // mask pass (alpha)
uniform sampler2D u_clips;     // RGBA32F clip records, TEXELS_PER_CLIP texels each
uniform int u_clipsWidth;   // a power of two
uniform int u_clipsShift;   // log2(u_clipsWidth)

flat in vec4 v_g0;
flat in vec4 v_g1;
flat in vec4 v_g2;
flat in vec4 v_w;
flat in vec4 v_rect;
flat in vec4 v_radii;
flat in vec4 v_color;
flat in vec4 v_params;
flat in vec4 v_src;
flat in vec4 v_tex;

out vec4 fragColor;

vec4 clipTexel(int i) { return texelFetch(u_clips, ivec2(i & (u_clipsWidth - 1), i >> u_clipsShift), 0); }

// The product of the coverages of the op's clips, each computed like a fill with its own transform.
float clipCoverage(vec2 p, int first, int count) {
    float coverage = 1.0;
    for (int i = 0; i < count; i++) {
        int base = (first + i) * TEXELS_PER_CLIP;
        vec4 t0 = clipTexel(base), t1 = clipTexel(base + 1), t2 = clipTexel(base + 2);
        vec4 rect = clipTexel(base + 3), radii = clipTexel(base + 4), wTest = clipTexel(base + 5);
        vec2 q; vec4 jac;
        if (!mapPixel(p, t0.xyz, t1.xyz, t2.xyz, wTest.xyz, q, jac)) return 0.0;
        coverage *= shapeCoverage(q, jac, rect, radii, int(wTest.w));
        if (coverage <= 0.0) return 0.0;
    }
    return coverage;
}

void main() {
    vec2 p = gl_FragCoord.xy;
    int kind = int(v_g0.w);
    int edgeAA = int(v_g1.w);
#ifdef CLIPS
    float coverage = clipCoverage(p, int(v_g2.w), int(v_w.w));
    if (coverage <= 0.0) discard;
#else
    float coverage = 1.0;
#endif
    if (kind == KIND_SOLID) {
        fragColor = v_color * coverage;
        return;
    }

#ifndef SHAPES_ONLY
    if (kind == KIND_COVERAGE_MASK) {
        // Path fill: coverage rasterized on the CPU into an R8 texture over the op's bounds.
        float c = texelFetch(u_texture, ivec2(p - v_src.xy), 0).r;
        fragColor = v_color * (c * coverage);
        return;
    }
#endif

    vec2 q; vec4 jac;
    if (!mapPixel(p, v_g0.xyz, v_g1.xyz, v_g2.xyz, v_w.xyz, q, jac)) discard;

    if (kind == KIND_FILL) {
        fragColor = v_color * (shapeCoverage(q, jac, v_rect, v_radii, edgeAA) * coverage);
    } else if (kind == KIND_BORDER) {
        fragColor = v_color * (borderCoverage(q, jac, v_rect, v_radii, v_params.x) * coverage);
    }
#ifndef SHAPES_ONLY
    else {
        // Texture draw: unit texture coordinates, then the level of detail from the texel-space
        // derivatives (GLES 3.0 §3.8.10, eq. 3.20 with rho = max of the two lengths).
        vec2 dstSize = v_rect.zw - v_rect.xy;
        vec2 uv = v_src.xy + (q - v_rect.xy) / dstSize * v_src.zw;
        vec2 scale = v_src.zw / dstSize * v_tex.xy;
        vec2 dpx = vec2(scale.x * jac.x, scale.y * jac.z);
        vec2 dpy = vec2(scale.x * jac.y, scale.y * jac.w);
        float lambda = log2(max(length(dpx), length(dpy))) + v_params.y;
        int filters = int(v_tex.z);
        int minFilter = filters & 3, magFilter = filters >> 2;
        vec4 s = sampleTexture(u_texture, uv, lambda, minFilter, magFilter, int(v_tex.w));
        int flags = int(v_params.z);
        vec4 color = ((flags & 1) != 0) ? v_color * s.a : v_color * s;
        // The mask pass has one level, so trilinear reduces to linear on it, as on the CPU.
        if ((flags & 2) != 0) color *= sampleTexture(u_mask, uv, lambda, minFilter, magFilter, 1).a;
        fragColor = color * (rectCoverage(q, jac, v_rect, edgeAA) * coverage);
    }
#endif
}
