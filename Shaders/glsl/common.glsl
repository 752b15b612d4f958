// common.glsl: the coverage and mapping math both renderers share (LaminaRaster implements the same in
// Swift). Included by the primitive and clip shaders; everything is highp (GLSL ES 3.00 §4.5.4).
//
// Conventions: pixel centres are at +0.5; a point p in pixels maps to local q through G = inverse(H), the
// 3x3 row-vector matrix [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]] of the op's transform; g0, g1, g2
// are the rows of G. The Jacobian dq/dp is packed as vec4(dqx/dpx, dqx/dpy, dqy/dpx, dqy/dpy).

const int EDGE_MIN_X = 1;
const int EDGE_MAX_X = 2;
const int EDGE_MIN_Y = 4;
const int EDGE_MAX_Y = 8;

// Maps the pixel point p to local q; false when the point lies behind the eye (W at q <= 0), which a
// projective transform's inverse would otherwise fold back in front.
bool mapPixel(vec2 p, vec3 g0, vec3 g1, vec3 g2, vec3 wTest, out vec2 q, out vec4 jac) {
    vec3 uvw = p.x * g0 + p.y * g1 + g2;
    q = uvw.xy / uvw.z;
    float w = uvw.z;
    jac = vec4((g0.x - q.x * g0.z) / w, (g1.x - q.x * g1.z) / w,
               (g0.y - q.y * g0.z) / w, (g1.y - q.y * g1.z) / w);
    return q.x * wTest.x + q.y * wTest.y + wTest.z > 0.0;
}

// An op's origin from its packed float (MapOrigin.packed): (y / 16) * 4096 + x / 16, below 2^24, so
// the division by 4096 and the floor are exact.
vec2 opOrigin(float code) {
    float row = floor(code * (1.0 / 4096.0));
    return vec2(code - row * 4096.0, row) * 16.0;
}

// A local signed distance d with unit local gradient n, in pixels.
float toPixels(float d, vec2 n, vec4 jac) {
    vec2 g = vec2(n.x * jac.x + n.y * jac.z, n.x * jac.y + n.y * jac.w);
    return d / length(g);
}

// Bitwise, not / and %: integer division is scalarised per lane on SIMD software rasterizers.
bool hasEdge(int mask, int edge) { return (mask & edge) != 0; }

// One edge: antialiased from its pixel distance, or a hard half-open test in local space.
float edgeCoverage(bool aa, float d, vec2 n, vec4 jac, bool inside) {
    if (aa) return clamp(0.5 - toPixels(d, n, jac), 0.0, 1.0);
    return inside ? 1.0 : 0.0;
}

// Coverage of the plain rect r = (minX, minY, maxX, maxY).
//
// The hard half-open tests use q snapped to a 1/4096 grid: where an edge passes exactly through pixel
// centres (a shear of 3/5 does every fifth row), the exact answer is a tie that float rounding (about
// 3e-5 at q ~ 200) would break at random; snapped, it is decided as exact arithmetic decides it
// whenever the edge lies on the grid (integers, halves, quarters ...). LaminaRaster computes q in double,
// whose error is far smaller, so both agree except within 1/8192 of an edge.
//
// Through a rotation or projection the hard tests are the op's exact edge functions of the pixel p instead
// (`exact`: the first texel of its ExactEdges record, -1 for none; `exactInside`).
float rectCoverage(vec2 q, vec4 jac, vec4 r, int edgeAA, vec2 p, int exact) {
    vec2 s = floor(q * 4096.0 + 0.5) / 4096.0;
    bool aMinX = hasEdge(edgeAA, EDGE_MIN_X), aMaxX = hasEdge(edgeAA, EDGE_MAX_X);
    bool aMinY = hasEdge(edgeAA, EDGE_MIN_Y), aMaxY = hasEdge(edgeAA, EDGE_MAX_Y);
    bool inMinX = aMinX || (exact < 0 ? s.x >= r.x : exactInside(p, exact, 0));
    bool inMaxX = aMaxX || (exact < 0 ? s.x < r.z : exactInside(p, exact, 1));
    bool inMinY = aMinY || (exact < 0 ? s.y >= r.y : exactInside(p, exact, 2));
    bool inMaxY = aMaxY || (exact < 0 ? s.y < r.w : exactInside(p, exact, 3));
    float cMinX = edgeCoverage(aMinX, r.x - q.x, vec2(-1.0, 0.0), jac, inMinX);
    float cMaxX = edgeCoverage(aMaxX, q.x - r.z, vec2(1.0, 0.0), jac, inMaxX);
    float cMinY = edgeCoverage(aMinY, r.y - q.y, vec2(0.0, -1.0), jac, inMinY);
    float cMaxY = edgeCoverage(aMaxY, q.y - r.w, vec2(0.0, 1.0), jac, inMaxY);
    return clamp(cMinX + cMaxX - 1.0, 0.0, 1.0) * clamp(cMinY + cMaxY - 1.0, 0.0, 1.0);
}

float signNonZero(float x) { return x < 0.0 ? -1.0 : 1.0; }

// Coverage of the rounded rect r with radii (minXMinY, maxXMinY, minXMaxY, maxXMaxY), always antialiased.
float rrectCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii) {
    vec2 c = 0.5 * (r.xy + r.zw);
    vec2 h = 0.5 * (r.zw - r.xy);
    float rad = q.x < c.x ? (q.y < c.y ? radii.x : radii.z) : (q.y < c.y ? radii.y : radii.w);
    vec2 p = abs(q - c);
    vec2 dq = p - h + rad;
    float d = min(max(dq.x, dq.y), 0.0) + length(max(dq, 0.0)) - rad;
    vec2 s = vec2(signNonZero(q.x - c.x), signNonZero(q.y - c.y));
    vec2 n;
    if (dq.x > 0.0 && dq.y > 0.0) n = normalize(dq) * s;
    else n = dq.x > dq.y ? vec2(s.x, 0.0) : vec2(0.0, s.y);
    return clamp(0.5 - toPixels(d, n, jac), 0.0, 1.0);
}

// Rect formula when every radius is zero, rounded-rect formula otherwise.
float shapeCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii, int edgeAA, vec2 p, int exact) {
    if (radii == vec4(0.0)) return rectCoverage(q, jac, r, edgeAA, p, exact);
    return rrectCoverage(q, jac, r, radii);
}

#if defined(SHAPE_ROUNDED_RECT) || defined(SHAPE_RING)
// shapeCoverage with the radius test decided when the batch was formed.
float outerCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii, int edgeAA, vec2 p, int exact) {
#ifdef ROUNDED
    return rrectCoverage(q, jac, r, radii);
#else
    return rectCoverage(q, jac, r, edgeAA, p, exact);
#endif
}
#endif

// The ring between r and r inset by width (radii max(0, radius - width)). Both edges are always
// antialiased, whatever the op's edge mask (as LaminaRaster's Coverage.border): a border is never a
// slice of a larger shape, so no neighbour shares its edges.
float borderCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii, float width) {
    const int ALL = EDGE_MIN_X | EDGE_MAX_X | EDGE_MIN_Y | EDGE_MAX_Y;
    float outer = shapeCoverage(q, jac, r, radii, ALL, vec2(0.0), -1);
    vec4 ir = vec4(r.xy + width, r.zw - width);
    if (ir.z - ir.x <= 0.0 || ir.w - ir.y <= 0.0) return outer;
    return clamp(outer - shapeCoverage(q, jac, ir, max(radii - width, 0.0), ALL, vec2(0.0), -1), 0.0, 1.0);
}

// ---- Texture sampling, written out as GLES 3.0 §3.8.10-3.8.11 define it (LaminaRaster's TextureSampler).
// Sampled explicitly with texelFetch rather than by the texture unit: hardware and llvmpipe filter with
// 8-bit (or coarser) sub-texel weights, several 1/255 steps away from the exact definition over a chain of
// passes; here the weights are full floats on every GPU. Wrap is CLAMP_TO_EDGE.

const int FILTER_NEAREST = 0;
const int FILTER_LINEAR = 1;
const int FILTER_TRILINEAR = 2;

// Coordinates are texel coordinates of level 0 (a texel's centre at i + 0.5), not unit ones: a texture drawn
// one texel to a pixel then reads each centre exactly, where u * size from u = (i + 0.5) / size is off by an
// ulp and hands the neighbour a weight (LaminaRaster's TextureSampler takes the same coordinates).
// levelSize: the size of `level`, max(1, floor(size / 2^level)) as GL defines it (ES 3.0 §3.8.14), computed
// from level 0's rather than asked of textureSize: the level differs between neighbouring pixels of a
// trilinear draw, and llvmpipe answered textureSize for a group of pixels with one of their levels (two
// columns of a perspective-tilted image read another level's texels, 125 steps off).
ivec2 levelSize(sampler2D t, int level) {
    return max(textureSize(t, 0) >> level, ivec2(1));
}

// levelCoord: the same position in texel coordinates of `level`.
vec2 levelCoord(sampler2D t, vec2 x0, int level) {
    if (level == 0) return x0;
    return x0 * vec2(levelSize(t, level)) / vec2(textureSize(t, 0));
}

// GL_NEAREST: texel floor(x), biased as below.
// TexelLattice.nearestBias: added before the floor, so a pixel centre on a texel edge picks the same texel
// on every GPU whatever its last bit of precision.
const float NEAREST_BIAS = 1.0 / 512.0;

// The samplers below read an image of `size` texels lying at `origin` in its texture at `level`: the whole
// level (origin 0, the level's size), or level 0 of an image packed in an atlas page (ImageAtlas). Reads are
// clamped to the image's own edges.
vec4 texelIn(sampler2D t, ivec2 i, int level, ivec2 origin, ivec2 size) {
    return texelFetch(t, origin + clamp(i, ivec2(0), size - 1), level);
}

// x: texel coordinates of the image at its level.
vec4 sampleNearestIn(sampler2D t, vec2 x0, int level, ivec2 origin, ivec2 size) {
    vec2 x = clamp(x0 + NEAREST_BIAS, vec2(-1.0), vec2(size));
    return texelIn(t, ivec2(floor(x)), level, origin, size);
}

vec4 sampleBilinearIn(sampler2D t, vec2 x0, int level, ivec2 origin, ivec2 size) {
    vec2 x = clamp(x0 - 0.5, vec2(-1.0), vec2(size));
    vec2 f = floor(x);
    vec2 a = x - f;
    ivec2 i0 = ivec2(f);
    vec4 t00 = texelIn(t, i0, level, origin, size), t10 = texelIn(t, i0 + ivec2(1, 0), level, origin, size);
    vec4 t01 = texelIn(t, i0 + ivec2(0, 1), level, origin, size), t11 = texelIn(t, i0 + ivec2(1, 1), level, origin, size);
    return (t00 * (1.0 - a.x) + t10 * a.x) * (1.0 - a.y) + (t01 * (1.0 - a.x) + t11 * a.x) * a.y;
}

vec4 sampleNearest(sampler2D t, vec2 x0, int level) {
    return sampleNearestIn(t, levelCoord(t, x0, level), level, ivec2(0), levelSize(t, level));
}

// GL_LINEAR: i0 = floor(x - 0.5), weight frac(x - 0.5).
vec4 sampleBilinear(sampler2D t, vec2 x0, int level) {
    return sampleBilinearIn(t, levelCoord(t, x0, level), level, ivec2(0), levelSize(t, level));
}

// GL_LINEAR_MIPMAP_LINEAR at lambda (from 0 on): levels floor(lambda) and +1 mixed, the last level from
// lambda >= q on.
vec4 sampleMinified(sampler2D t, vec2 uv, float lambda, int levels) {
    int q = levels - 1;
    if (lambda >= float(q)) return sampleBilinear(t, uv, q);
    int d1 = int(floor(max(lambda, 0.0)));
    float f = max(lambda, 0.0) - float(d1);
    vec4 a = sampleBilinear(t, uv, d1);
    if (f == 0.0) return a;
    return a * (1.0 - f) + sampleBilinear(t, uv, min(d1 + 1, q)) * f;
}

// Magnification when lambda <= 0 (c = 0 for these filter pairs, §3.8.11), else minification: nearest and
// linear on level 0, trilinear between levels floor(lambda) and +1, the last level from lambda >= q on.
vec4 sampleTexture(sampler2D t, vec2 uv, float lambda, int minFilter, int magFilter, int levels) {  // uv: level-0 texel coordinates
    if (lambda <= 0.0) return magFilter == FILTER_NEAREST ? sampleNearest(t, uv, 0) : sampleBilinear(t, uv, 0);
    if (minFilter == FILTER_NEAREST) return sampleNearest(t, uv, 0);
    if (minFilter == FILTER_LINEAR) return sampleBilinear(t, uv, 0);
    return sampleMinified(t, uv, lambda, levels);
}
