#version 300 es
// coverage_trapezoid.frag: the exact area of a trapezoid within the pixel, added (blending ONE, ONE) into
// a float coverage target, so the sum over a fill's disjoint trapezoids is the area of the fill inside the
// pixel: PathRasterizer's coverage model, evaluated per pixel instead of accumulated per row.
//
// Area = A(left) - A(right), A(edge) = the integral, over the band's rows inside the pixel, of
// (j + 1 - clamp(x(y), j, j + 1)): the part of the pixel right of the edge. x is linear in y, so over the
// rows where x lies left of the pixel the integrand is 1, right of it 0, and in between its mean is the mean
// of the clamped ends: each piece is weighted by the share of x's range in it, which is exact (no sampling).
// Twisted trapezoids (crossing edges left in a 1/256 px sliver) get the same signed sum as the CPU.
precision highp float;

flat in vec2 v_band;
flat in vec4 v_edges;
flat in vec3 v_origin;
uniform vec2 u_offset;
out vec4 fragColor;

// The part of the unit column right of a segment whose x runs from u0 to u1 (pixel-local) over height h.
float rightOf(float u0, float u1, float h) {
    float lo = min(u0, u1), hi = max(u0, u1), d = hi - lo;
    float mean;
    if (d < 1e-20) {
        mean = clamp(lo, 0.0, 1.0);
    } else {
        float c0 = clamp(0.0, lo, hi), c1 = clamp(1.0, lo, hi);
        mean = ((c1 - c0) * 0.5 * (c0 + c1) + (hi - c1)) / d;
    }
    return h * (1.0 - mean);
}

void main() {
    // The pixel in the op's bounds, then its row from the piece's origin and its column from each side's:
    // differences of integers, exact.
    vec2 pixel = floor(gl_FragCoord.xy) - u_offset;
    float row = pixel.y - v_origin.x;
    float top = v_band.x, bottom = v_band.y;
    float ya = max(top, row), yb = min(bottom, row + 1.0);
    if (yb <= ya) {
#ifdef KEEPS_FRAGMENTS
        // The stencil method (StencilCover): without a discard, llvmpipe tests the stencil before running the
        // shader; adding 0 changes no texel.
        fragColor = vec4(0.0);
        return;
#else
        discard;
#endif
    }
    float h = bottom - top;
    float ta = (ya - top) / h, tb = (yb - top) / h;
    // mix(a, b, 0) is a and mix(a, b, 1) is b exactly, so a band wholly inside the row uses its own ends.
    float jl = pixel.x - v_origin.y, jr = pixel.x - v_origin.z;
    float left = rightOf(mix(v_edges.x, v_edges.y, ta) - jl, mix(v_edges.x, v_edges.y, tb) - jl, yb - ya);
    float right = rightOf(mix(v_edges.z, v_edges.w, ta) - jr, mix(v_edges.z, v_edges.w, tb) - jr, yb - ya);
    fragColor = vec4(left - right, 0.0, 0.0, 0.0);
}
