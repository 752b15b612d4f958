#version 300 es
// coverage_edge.vert: the pixels a trapezoid piece's boundary passes through, marked in the stencil buffer
// by StencilCover (PathCoverage's stencil method) so that only they compute exact areas. Reads the same
// records as coverage_trapezoid.vert, each record for 4 instances (divisor 4): gl_InstanceID % 4 picks
// the left side (0), the right side (1), the top segment's row (2) or the bottom segment's row (3).
//
// Conservative: a pixel whose open square meets the boundary gets a fragment. Over the piece's rows a side
// x(y) = x0 + (y - top) * s lies, within row j, within 0.5 * |s| of x(j + 0.5), so a pixel whose square it
// enters has its centre within 0.5 * (1 + |s|) of x(j + 0.5): the quad x(y) -+ PAD * (1 + |s|) covers that
// centre with 1/64 * (1 + |s|) to spare (the side line extended to whole rows only adds pixels). Where that
// quad is wider than the side's bounding box grown by PAD (a near-horizontal side; an infinite or NaN slope
// compares false), the box is taken, which also holds every such centre. The top (bottom) segment runs
// between the sides' ends at y = top (bottom) and enters only row floor(top) (floor(bottom)), and none when
// that y is an integer (a pixel border; pieces are cut at integer rows, so their joins mark nothing).
precision highp float;

layout(location = 0) in vec2 a_corner;   // (0 or 1, 0 or 1): left or right, top or bottom
layout(location = 1) in vec2 a_band;     // top, bottom, from origin y
layout(location = 2) in vec4 a_edges;    // left x at top and bottom (from origin left), right x (from origin right)
layout(location = 3) in vec3 a_origin;   // origin y, origin left, origin right: integers

uniform vec2 u_targetSize;
uniform vec2 u_offset;

const float PAD = 0.5 + 1.0 / 64.0;

// The x of this corner of the footprint of a side from x0 (at top) to x1 (at bottom), at row edge y.
float sideCorner(float x0, float x1, float top, float h, float y) {
    float s = (x1 - x0) / h;
    float grow = PAD * (1.0 + abs(s));
    float lo = min(x0, x1) - PAD, hi = max(x0, x1) + PAD;
    if (2.0 * grow < hi - lo) return x0 + (y - top) * s + (a_corner.x < 0.5 ? -grow : grow);
    return a_corner.x < 0.5 ? lo : hi;
}

void main() {
    int kind = gl_InstanceID % 4;
    float top = a_band.x, bottom = a_band.y;
    vec4 x = a_edges + a_origin.yyzz;
    float y0, y1, px;
    if (kind < 2) {
        y0 = floor(top);
        y1 = ceil(bottom);
        float y = a_corner.y < 0.5 ? y0 : y1;
        px = kind == 0 ? sideCorner(x.x, x.y, top, bottom - top, y) : sideCorner(x.z, x.w, top, bottom - top, y);
    } else {
        float edge = kind == 2 ? top : bottom;
        y0 = floor(edge);
        y1 = edge == y0 ? y0 : y0 + 1.0;
        vec2 ends = kind == 2 ? x.xz : x.yw;
        px = a_corner.x < 0.5 ? min(ends.x, ends.y) - PAD : max(ends.x, ends.y) + PAD;
    }
    float y = a_corner.y < 0.5 ? y0 : y1;
    vec2 pixel = vec2(px, y + a_origin.x) + u_offset;
    gl_Position = vec4(pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
}
