#version 300 es
// primitive.frag: the draw operations' (shape, paint) pairs, one program per pair and variant (`ShaderKey`
// picks the defines): the shape's coverage times the paint's colour times the clips'. Specialised rather than one uber-shader with a per-instance kind: a software
// rasterizer such as llvmpipe runs both sides of every branch under a mask, so each fragment of a solid
// interior would pay for rounded-rect, border and texture code it never uses (on llvmpipe a card's fragments
// cost about 4x as much in the uber-shader). Batches are formed per program (`PassBatcher`), so
// specialising costs draw calls only where ops of different programs overlap.
//
// Defines: one shape, SHAPE_INTERIOR (coverage 1: a split fill's interior, a texel copy), SHAPE_ROUNDED_RECT,
// SHAPE_RING (a ring, or with PAINT_FRAMED a fill under its border: the shape's coverage and the ring's) or
// SHAPE_COVERAGE_MASK (a path's coverage from the pass's atlas, u_coverage), and one paint, PAINT_SOLID,
// PAINT_FRAMED (a fill under a border, with SHAPE_RING), PAINT_TEXTURE, PAINT_TEXELS (a texel copy, with
// SHAPE_INTERIOR) or PAINT_GRADIENT (its stops a record of the clip table; with GRADIENT_AXIAL, GRADIENT_RADIAL or
// GRADIENT_CONIC, its kind); any shape pairs with any paint. For
// rounded rects and rings ROUNDED (some radius is non-zero) and, for rings, INNER_ROUNDED (the inner edge
// keeps a radius); for interior solids BLENDED (drawn in a blended batch); for textures SAMPLE_NEAREST or
// SAMPLE_LINEAR (the filter decided for the whole draw, TextureSampling, or both filters the same, so no level
// of detail is needed) or neither (the general sampler),
// and MASKED, and ATLAS (level 0 of an image packed in an atlas page, with either filter); for texel
// copies ATLAS too, or REDUCED (the source is a blur kept at its pyramid level) and with it PACKED
// (that level is a gray one, two pixels to a texel); AFFINE_MAP or TRANSLATION_MAP when the ops' maps are of that
// form (the same local point with less arithmetic); CLIPS when some op of the batch has
// clips. SMOOTH_RECORDS (quad.vert too): the record arrives as smooth varyings, constant over the quad, so
// that llvmpipe bins the quads as rectangles (RasterTuning).
#ifdef FETCH_BLEND
#extension GL_EXT_shader_framebuffer_fetch : require
#endif
precision highp float;
precision highp int;
precision highp sampler2D;

#ifdef SMOOTH_RECORDS
#define RECORD
#else
#define RECORD flat
#endif

const int TEXELS_PER_CLIP = 6;
uniform sampler2D u_clips;     // RGBA32F clip records, TEXELS_PER_CLIP texels each
uniform int u_clipsWidth;   // a power of two
uniform int u_clipsShift;   // log2(u_clipsWidth)

// Bitwise, not / and %: integer division is scalarised per lane on SIMD software rasterizers.
vec4 clipTexel(int i) { return texelFetch(u_clips, ivec2(i & (u_clipsWidth - 1), i >> u_clipsShift), 0); }

// Whether pixel p is inside hard edge k (0 minX, 1 maxX, 2 minY, 3 maxY) of the ExactEdges record at texel
// `base`: L = a i + b j + c at pixel (i, j), texel k holding (a, b, c >> 14, c & 0x3FFF), each exact in a
// float. L is summed exactly in 32-bit integers by halves: with a = aH 2^14 + aL (aL in [0, 2^14)), X = aH i
// + bH j + cH and Y = aL i + bL j + cL (at most 2^30 for i, j < 2^15), L = (X + (Y >> 14)) 2^14 + (Y & 0x3FFF),
// so L >= 0 exactly when X + (Y >> 14) >= 0. Minimum edges keep L >= 0, maximum edges L < 0.
bool exactInside(vec2 p, int base, int k) {
    vec4 e = clipTexel(base + k);
    ivec2 ij = ivec2(p);
    int a = int(e.x), b = int(e.y);
    int x = (a >> 14) * ij.x + (b >> 14) * ij.y + int(e.z);
    int y = (a & 0x3FFF) * ij.x + (b & 0x3FFF) * ij.y + int(e.w);
    x += y >> 14;
    return (k & 1) == 0 ? x >= 0 : x < 0;
}

// A nearest-filtered draw's texel along one axis at pixel (i, j) (TexelLattice): floor(L / 2^shift) for
// L = a i + b j + c, the texel e holding (a, b, c >> 14, c & 0x3FFF), summed by halves as in exactInside:
// floor(L / 2^14) = X + (Y >> 14), then shifted right by the rest (shift >= 14).
int latticeAxis(ivec2 ij, vec4 e, int shift) {
    int a = int(e.x), b = int(e.y);
    int x = (a >> 14) * ij.x + (b >> 14) * ij.y + int(e.z);
    int y = (a & 0x3FFF) * ij.x + (b & 0x3FFF) * ij.y + int(e.w);
    return (x + (y >> 14)) >> (shift - 14);
}

// The texel (before the clamp to the edge) a nearest-filtered draw reads at pixel p, from the lattice
// texels at `base`: the x axis, the y axis, then the two shifts and the draw's first pixel, from which the
// axes measure (ClipTable.addLattice).
ivec2 latticeTexel(vec2 p, int base) {
    vec4 shifts = clipTexel(base + 2);
    ivec2 ij = ivec2(p) - ivec2(shifts.zw);
    return ivec2(latticeAxis(ij, clipTexel(base), int(shifts.x)), latticeAxis(ij, clipTexel(base + 1), int(shifts.y)));
}

#include "store.glsl"
#include "common.glsl"

const int ALL_EDGES = EDGE_MIN_X | EDGE_MAX_X | EDGE_MIN_Y | EDGE_MAX_Y;

uniform sampler2D u_texture;   // image or pass
uniform sampler2D u_mask;      // mask pass (alpha)
uniform sampler2D u_coverage;  // a path's float coverage atlas page
// Where the pass's pixel (0, 0) lies in the target: (0, 0), but for a draw made into a kept page
// (`KeptDrawAtlas`), drawn through a viewport moved by whole pixels so that each fragment computes what
// it computes at its pixel of the pass.
uniform vec2 u_pixelOffset;
RECORD in vec4 v_g0;
RECORD in vec4 v_g1;
RECORD in vec4 v_g2;
RECORD in vec4 v_w;
RECORD in vec4 v_rect;
RECORD in vec4 v_radii;
RECORD in vec4 v_color;
RECORD in vec4 v_params;
RECORD in vec4 v_src;
RECORD in vec4 v_tex;

#ifdef FETCH_BLEND
// Source-over in the shader (RasterTuning.fetchBlend): the target's pixel is read, blended in float and
// stored with one rounding, as the CPU reference rounds each blend.
inout highp vec4 fragColor;
#else
out vec4 fragColor;
#endif

#ifdef CLIPS

// The product of the coverages of the op's clips, each computed like a fill with its own transform.
float clipCoverage(vec2 p, int first, int count) {
    float coverage = 1.0;
    for (int i = 0; i < count; i++) {
        int base = (first + i) * TEXELS_PER_CLIP;
        vec4 t0 = clipTexel(base), t1 = clipTexel(base + 1), t2 = clipTexel(base + 2);
        vec4 rect = clipTexel(base + 3), radii = clipTexel(base + 4), wTest = clipTexel(base + 5);
        vec2 q; vec4 jac;
        // Pixels counted from the clip's origin (t1.w, t2.w: MapOrigin), t2 G's row for it.
        if (!mapPixel(p - vec2(t1.w, t2.w), t0.xyz, t1.xyz, t2.xyz, wTest.xyz, q, jac)) return 0.0;
        // t0.w: the clip's ExactEdges record plus one (ClipTable), 0 for none.
        int exact = int(floor(t0.w + 0.5)) - 1;
        coverage *= shapeCoverage(q, jac, rect, radii, int(wTest.w), p, exact < 0 ? -1 : exact * TEXELS_PER_CLIP);
        if (coverage <= 0.0) return 0.0;
    }
    return coverage;
}
#endif

#ifdef SHAPE_RING
// The outer shape's coverage and the ring's: borderCoverage (common.glsl) with both radius tests decided
// when the batch was formed. A negative width is a fill that joined a border batch (ShaderKey.ring): no
// inner edge, so the ring is the outer shape.
vec2 ringCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii, float width) {
    float outer = outerCoverage(q, jac, r, radii, ALL_EDGES, vec2(0.0), -1);
    vec4 ir = vec4(r.xy + width, r.zw - width);
    if (width < 0.0 || ir.z - ir.x <= 0.0 || ir.w - ir.y <= 0.0) return vec2(outer);
#ifdef INNER_ROUNDED
    float inner = rrectCoverage(q, jac, ir, max(radii - width, 0.0));
#else
    float inner = rectCoverage(q, jac, ir, ALL_EDGES, vec2(0.0), -1);
#endif
    return vec2(outer, clamp(outer - inner, 0.0, 1.0));
}
#endif

#ifdef PAINT_TEXTURE
// The texture's colour at local q (pixel p): the one filter of SAMPLE_NEAREST or SAMPLE_LINEAR, else the op's
// filters at the pixel's level of detail (or at the level given for the draw, flag 8). `lattice`: the
// first texel of the draw's nearest texels (TexelLattice) for this texture, -1 for none; `flags` the record's.
vec4 sampleOp(sampler2D t, vec2 q, vec4 jac, int levels, vec2 p, int lattice, int flags) {
    vec2 dstSize = v_rect.zw - v_rect.xy;
    // Texel coordinates of level 0: the source rect's start plus the offset into the destination times
    // texels per point (exact for a draw of one texel to a point; see common.glsl).
#ifdef ATLAS
    // The image's level 0 in an atlas page (ImageAtlas): its place there v_tex.xy, its size v_tex.zw.
    vec2 size0 = v_tex.zw;
#else
    vec2 size0 = vec2(textureSize(t, 0));
#endif
    vec2 uv = v_src.xy * size0 + (q - v_rect.xy) * (v_src.zw * size0 / dstSize);
#if defined(ATLAS) && defined(SAMPLE_NEAREST)
    if (lattice >= 0) return texelIn(t, latticeTexel(p, lattice), 0, ivec2(v_tex.xy), ivec2(v_tex.zw));
    return sampleNearestIn(t, uv, 0, ivec2(v_tex.xy), ivec2(v_tex.zw));
#elif defined(ATLAS)
    return sampleBilinearIn(t, uv, 0, ivec2(v_tex.xy), ivec2(v_tex.zw));
#elif defined(SAMPLE_NEAREST)
    if (lattice >= 0) return texelIn(t, latticeTexel(p, lattice), 0, ivec2(0), textureSize(t, 0));
    return sampleNearest(t, uv, 0);
#elif defined(SAMPLE_LINEAR)
    return sampleBilinear(t, uv, 0);
#else
    // The level of detail from the texel-space derivatives (GLES 3.0 §3.8.10, eq. 3.20 with rho = max of
    // the two lengths).
    // Flag 8: trilinear at the level decided for the whole draw (TextureSampling), v_params.y.
    if ((flags & 8) != 0) return sampleMinified(t, uv, v_params.y, levels);
    vec2 scale = v_src.zw / dstSize * v_tex.xy;
    vec2 dpx = vec2(scale.x * jac.x, scale.y * jac.z);
    vec2 dpy = vec2(scale.x * jac.y, scale.y * jac.w);
    float lambda = log2(max(length(dpx), length(dpy))) + v_params.y;
    int filters = int(v_tex.z);
    return sampleTexture(t, uv, lambda, filters & 3, filters >> 2, levels);
#endif
}
#endif

#ifdef REDUCED
#include "reduced_level.glsl"
#endif

#ifdef PAINT_GRADIENT
// GradientPaint.parameter (LaminaCore), the same arithmetic in single precision: false where the gradient
// is undefined (a zero-length axis, a flat ellipse).
//
// A conic gradient with a seam record (`seam`, its first texel, -1 for none) takes its side of the seam
// from the record's integer line at pixel p within 1e-3 turns of it (GradientPaint.seamZone): just after
// the start ray t is the small angle (0 where rounding put it near a full turn), just before a full turn.
// The program is specialised to one kind (GRADIENT_AXIAL, GRADIENT_RADIAL or GRADIENT_CONIC, ShaderKey), so
// no fragment runs another kind's code under a mask.
bool gradientParameter(vec2 q, vec4 axis, float inverseLength2, vec2 p, int seam, out float t) {
    vec2 s = axis.xy;
    vec2 d = axis.zw - s;
    t = 0.0;
#if defined(GRADIENT_AXIAL)
    if (inverseLength2 <= 0.0) return false;
    t = ((q.x - s.x) * d.x + (q.y - s.y) * d.y) * inverseLength2;
    return true;
#elif defined(GRADIENT_RADIAL)
    vec2 r = abs(d);
    if (r.x <= 0.0 || r.y <= 0.0) return false;
    vec2 u = (q - s) / r;
    t = sqrt(u.x * u.x + u.y * u.y);
    return true;
#else
    if (d.x == 0.0 && d.y == 0.0) return false;
    // The centre has no angle (atan(0, 0) is undefined): within 1e-3 of it t = 0 (GradientPaint.centreRadius).
    vec2 o = q - s;
    if (dot(o, o) < 1e-6) return true;
    float turns = (atan(q.y - s.y, q.x - s.x) - atan(d.y, d.x)) / 6.283185307179586;
    turns -= floor(turns);
    if (seam >= 0) {
        bool near = turns < 1e-3 || turns > 1.0 - 1e-3;
        bool after = near && exactInside(p, seam, 0);
        t = !near ? turns : after ? (turns < 0.5 ? turns : 0.0) : (turns > 0.5 ? turns : 1.0);
        return true;
    }
    t = turns > 1.0 - 1e-5 ? 0.0 : turns;
    return true;
#endif
}

// GradientPaint.color: the stop pair around the clamped t, c0 + (c1 - c0) * f with f = (t - l0) times the
// span's reciprocal (the record's), on straight colours, then
// premultiplied and times the opacity. The record is ClipTable.addGradient's, starting at texel `base`.
vec4 gradientColor(vec2 q, int base, vec2 p, int seam) {
    vec4 header = clipTexel(base);
    int n = int(header.y);
    float t;
    if (!gradientParameter(q, clipTexel(base + 1), header.w, p, seam, t)) return vec4(0.0);
    t = clamp(t, 0.0, 1.0);
    // Walking the stops, each stop's location and colour fetched once: the pair around t is the last two
    // read (a software rasterizer pays for every fetch of every lane).
    vec4 stop = clipTexel(base + 2), c1 = clipTexel(base + 3);
    vec4 c = c1;
    if (t > stop.x) {
        // Past the last stop: its colour, the last one read.
        bool inside = false;
        float l0 = stop.x;
        for (int i = 1; i < n; i++) {
            vec4 c0 = c1;
            stop = clipTexel(base + 2 + 2 * i);
            c1 = clipTexel(base + 3 + 2 * i);
            if (t <= stop.x) {
                float f = stop.y > 0.0 ? min(1.0, (t - l0) * stop.y) : 1.0;
                c = c0 + (c1 - c0) * f;
                inside = true;
                break;
            }
            l0 = stop.x;
        }
        if (!inside) c = c1;
    }
    return vec4(c.rgb * c.a, c.a) * header.z;
}
#endif

void main() {
#ifdef FETCH_BLEND
    vec4 destination = fragColor;
#endif
    vec2 p = gl_FragCoord.xy - u_pixelOffset;
#ifdef CLIPS
    float coverage = clipCoverage(p, int(v_g2.w), int(v_w.w) >> 4);
    if (coverage <= 0.0) discard;
#else
    float coverage = 1.0;
#endif

#if defined(SHAPE_RING) || defined(SHAPE_ROUNDED_RECT) || defined(PAINT_TEXTURE) || defined(PAINT_GRADIENT)
    // The local point, for the shapes and paints that need it.
    vec2 q; vec4 jac;
    // The forms of ShaderKey.MapForm, each mapPixel's floats: under an affine map (G's third column
    // (0, 0, 1)) W = 1, so the division and the in-front test change nothing and the Jacobian is G's first
    // two columns; under a translation (G's linear part the identity) the products are exact and q = p + t.
    // Every form counts pixels from the op's origin (MapOrigin, packed in v_g1.w), v_g2 G's row 2 for it:
    // whole numbers, so r is exact, and the products and sums stay near the op's size.
    vec2 r = p - opOrigin(v_g1.w);
#if defined(TRANSLATION_MAP)
    q = r + v_g2.xy;
    jac = vec4(1.0, 0.0, 0.0, 1.0);
#elif defined(AFFINE_MAP)
    q = vec2(r.x * v_g0.x + r.y * v_g1.x, r.x * v_g0.y + r.y * v_g1.y) + v_g2.xy;
    jac = vec4(v_g0.x, v_g1.x, v_g0.y, v_g1.y);
#else
    if (!mapPixel(r, v_g0.xyz, v_g1.xyz, v_g2.xyz, v_w.xyz, q, jac)) discard;
#endif
    int edgeAA = int(v_w.w) & 15;
    // v_g0.w: the op's first integer record plus one (PassBatcher.addIntegerRecords), 0 for none: its
    // ExactEdges, or a texture draw's TexelLattice record (flag 16), or both, the edges first (flag 32).
    int integerRecord = int(floor(v_g0.w + 0.5)) - 1;
    int exact = integerRecord < 0 ? -1 : integerRecord * TEXELS_PER_CLIP;
#endif
#ifdef PAINT_TEXTURE
    // The flags (InstanceLayout): 1 tinted, 2 masked, 4 mask inverted, 8 level given, 16 lattice, 32 edges
    // before the lattice.
    int flags = int(floor(v_params.z + 0.5));
    int latticeBase = -1;
    if ((flags & 16) != 0) {
        latticeBase = (flags & 32) != 0 ? exact + TEXELS_PER_CLIP : exact;
        if ((flags & 32) == 0) exact = -1;
    }
#endif

#if defined(PAINT_TEXELS)
    // A texel-exact nearest draw (TexelBlit): texel = pixel * step + base per axis, coverage exactly 1.
#ifdef REDUCED
    // The source is a blur kept at a level 2^k times smaller (v_tex.w = 2^k, v_tex.xy the full size): the
    // full-size texel is blur_upsample.frag's bilinear reconstruction, rounded to 8 bits as its RGBA8
    // target would have stored it (with its TIE_BIAS), so the bytes equal upsampling first and copying after.
    ivec2 t = clamp(ivec2(p) * ivec2(v_src.zw) + ivec2(v_src.xy), ivec2(0), ivec2(v_tex.xy) - 1);
    vec4 full = reconstruct(u_texture, (vec2(t) + 0.5) / v_tex.w - 0.5);
    vec4 s = floor(clamp(full + TIE_BIAS, 0.0, 1.0) * 255.0 + 0.5) * (1.0 / 255.0);
#elif defined(ATLAS)
    // The image's level 0 in an atlas page (ImageAtlas): its place there v_tex.xy, its size v_tex.zw.
    ivec2 t = clamp(ivec2(p) * ivec2(v_src.zw) + ivec2(v_src.xy), ivec2(0), ivec2(v_tex.zw) - 1) + ivec2(v_tex.xy);
    vec4 s = texelFetch(u_texture, t, 0);
#else
    ivec2 size = textureSize(u_texture, 0);
    ivec2 t = clamp(ivec2(p) * ivec2(v_src.zw) + ivec2(v_src.xy), ivec2(0), size - 1);
    vec4 s = texelFetch(u_texture, t, 0);
#endif
    // Tinted, the texel's alpha goes with the coverage (one product fewer on the colour).
    fragColor = (int(floor(v_params.z + 0.5)) & 1) != 0 ? v_color * (s.a * coverage) : v_color * s * coverage;
#elif defined(SHAPE_RING) && defined(PAINT_FRAMED)
    // The ring's colour v_src over the fill's v_color under the whole shape, as one source (a fill with its
    // border, a .framed shape and paint): border * r + fill * (o * (1 - border.a * r)). A plain border has a
    // zero fill and a fill drawn as a ring a zero border; a zero term adds an exact 0, so each gives the bytes
    // of its own program.
    vec2 c = ringCoverage(q, jac, v_rect, v_radii, v_params.x) * coverage;
    fragColor = v_src * c.y + v_color * (c.x * (1.0 - v_src.a * c.y));
#else
    // The shape's coverage.
#if defined(SHAPE_ROUNDED_RECT)
    float shape = outerCoverage(q, jac, v_rect, v_radii, edgeAA, p, exact);
#elif defined(SHAPE_RING)
    // A ring under a texture or gradient: the ring's coverage alone.
    float shape = ringCoverage(q, jac, v_rect, v_radii, v_params.x).y;
#elif defined(SHAPE_COVERAGE_MASK)
    // A path's exact-area coverage in the pass's float coverage atlas (PathCoverage), at p - v_radii.xy;
    // v_radii.z = 1 for a hard-edged fill, covered wholly where the area is at least one half (PathShape.drawn).
    // No margin under one half: an axis-aligned edge through the centre gives exactly 0.5 in float too, and
    // a margin wider than the float error (about 4e-6 on a 200 px plane) flipped areas just under one half.
    float shape = clamp(texelFetch(u_coverage, ivec2(p - v_radii.xy), 0).r, 0.0, 1.0);
    if (v_radii.z > 0.5) shape = shape >= 0.5 ? 1.0 : 0.0;
#endif
    // The paint's colour.
#if defined(PAINT_SOLID)
    vec4 paint = v_color;
#elif defined(PAINT_GRADIENT)
    // v_src.y: the conic seam's record plus one (PassBatcher), 0 for none.
    int seamRecord = int(floor(v_src.y + 0.5)) - 1;
    vec4 paint = gradientColor(q, int(v_src.x) * TEXELS_PER_CLIP, p, seamRecord < 0 ? -1 : seamRecord * TEXELS_PER_CLIP)
        * v_color;
#elif defined(PAINT_TEXTURE)
    vec4 s = sampleOp(u_texture, q, jac, int(v_tex.w), p, latticeBase, flags);
    vec4 paint = ((flags & 1) != 0) ? v_color * s.a : v_color * s;
#ifdef MASKED
    // The mask pass has one level, so trilinear reduces to linear on it, as on the CPU.
    // Flag 4: one minus the mask (TextureDraw.invertsMask, a drawing's clear).
    float maskAlpha = sampleOp(u_mask, q, jac, 1, p, latticeBase < 0 ? -1 : latticeBase + 3, flags).a;
    paint *= ((flags & 4) != 0) ? 1.0 - maskAlpha : maskAlpha;
#endif
#endif
#if defined(SHAPE_INTERIOR) && defined(BLENDED)
    // The clamp (a no-op on a premultiplied colour) keeps this variant off llvmpipe's linear shading, whose
    // 8-bit blend rounds differently (RasterTuning); the quads are still binned as rectangles.
    fragColor = clamp(paint * coverage, 0.0, 1.0);
#elif defined(SHAPE_INTERIOR)
    fragColor = paint * coverage;
#else
    fragColor = paint * (shape * coverage);
#endif
#endif
#if !(defined(SHAPE_INTERIOR) && defined(PAINT_SOLID) && !defined(BLENDED) && defined(SMOOTH_RECORDS))
    // The source on the 8-bit grid, ties up (storeValue, store.glsl), as the CPU blends it. Except llvmpipe's
    // unblended solids (SMOOTH_RECORDS: the linear tuning, where only opaque solids are unblended): their
    // colours are already the CPU's bytes, k / 255 (`RasterTuning.exactOnLinear`), and rounding them again
    // would take them off the linear shading.
    fragColor = storeValue(fragColor);
#endif
#ifdef FETCH_BLEND
    fragColor = nearestByteValue(fragColor + destination * (1.0 - fragColor.a));
#endif
}
