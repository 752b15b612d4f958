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
float rectCoverage(vec2 q, vec4 jac, vec4 r, int edgeAA) {
    vec2 s = floor(q * 4096.0 + 0.5) / 4096.0;
    float cMinX = edgeCoverage(hasEdge(edgeAA, EDGE_MIN_X), r.x - q.x, vec2(-1.0, 0.0), jac, s.x >= r.x);
    float cMaxX = edgeCoverage(hasEdge(edgeAA, EDGE_MAX_X), q.x - r.z, vec2(1.0, 0.0), jac, s.x < r.z);
    float cMinY = edgeCoverage(hasEdge(edgeAA, EDGE_MIN_Y), r.y - q.y, vec2(0.0, -1.0), jac, s.y >= r.y);
    float cMaxY = edgeCoverage(hasEdge(edgeAA, EDGE_MAX_Y), q.y - r.w, vec2(0.0, 1.0), jac, s.y < r.w);
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
float shapeCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii, int edgeAA) {
    if (radii == vec4(0.0)) return rectCoverage(q, jac, r, edgeAA);
    return rrectCoverage(q, jac, r, radii);
}

// The ring between r and r inset by width (radii max(0, radius - width)). Both edges are always
// antialiased, whatever the op's edge mask (as LaminaRaster's Coverage.border): a border is never a
// slice of a larger shape, so no neighbour shares its edges.
float borderCoverage(vec2 q, vec4 jac, vec4 r, vec4 radii, float width) {
    const int ALL = EDGE_MIN_X | EDGE_MAX_X | EDGE_MIN_Y | EDGE_MAX_Y;
    float outer = shapeCoverage(q, jac, r, radii, ALL);
    vec4 ir = vec4(r.xy + width, r.zw - width);
    if (ir.z - ir.x <= 0.0 || ir.w - ir.y <= 0.0) return outer;
    return clamp(outer - shapeCoverage(q, jac, ir, max(radii - width, 0.0), ALL), 0.0, 1.0);
}
