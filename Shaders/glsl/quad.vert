#version 300 es
// quad.vert: a quad per draw operation (or piece of one) over its pixel bounds; its four vertices carry
// the op's record, which the fragment shader reads unchanged over the quad: flat, or with SMOOTH_RECORDS
// smooth, only on llvmpipe (`RasterTuning`), whose zero gradients and w = 1 give exactly the vertex value
// (a barycentric interpolator may round it). Targets are stored y-down (row 0 at window y = 0),
// so pixel (x, y) maps to NDC without a flip and gl_FragCoord.xy is the pixel centre counted from the
// top-left.
precision highp float;

#ifdef SMOOTH_RECORDS
#define RECORD
#else
#define RECORD flat
#endif

#ifdef INSTANCED
// One instance per quad (a GPU: `RasterTuning.instanced`): its pixel rect, the corner from the vertex index
// of a four-vertex strip, (x0, y0), (x1, y0), (x0, y1), (x1, y1), the corners the expanded vertices carry.
layout(location = 0) in vec4 a_bounds;
#else
layout(location = 0) in vec2 a_pixel;    // the corner, in pixels
#endif
layout(location = 1) in vec4 a_g0;       // G row 0, - (the kind is the program's, ShaderKey)
layout(location = 2) in vec4 a_g1;       // G row 1, the op's origin (MapOrigin, packed)
layout(location = 3) in vec4 a_g2;       // G row 2 for that origin, first clip
layout(location = 4) in vec4 a_w;        // m14, m24, m44, clip count x 16 + edgeAA bits
layout(location = 5) in vec4 a_rect;     // shape or destination rect: minX, minY, maxX, maxY
layout(location = 6) in vec4 a_radii;    // minXMinY, maxXMinY, minXMaxY, maxXMaxY
layout(location = 7) in vec4 a_color;    // premultiplied colour or multiplier; borders: the fill under the ring
layout(location = 8) in vec4 a_params;   // border width, lod bias (or the given level), flags (InstanceLayout), depth
layout(location = 9) in vec4 a_src;      // source rect (unit); coverage masks: atlas offset, hard edges; borders: ring colour
layout(location = 10) in vec4 a_tex;     // texture width, height, filters (min + 4 * mag), levels

uniform vec2 u_targetSize;

RECORD out vec4 v_g0;
RECORD out vec4 v_g1;
RECORD out vec4 v_g2;
RECORD out vec4 v_w;
RECORD out vec4 v_rect;
RECORD out vec4 v_radii;
RECORD out vec4 v_color;
RECORD out vec4 v_params;
RECORD out vec4 v_src;
RECORD out vec4 v_tex;
#ifdef OPAQUE_COPY
// The texel coordinates of opaque_copy.frag: the pixel moved by the record's offset (a_src.xy, whole
// texels) over the page's size (a_tex.xy); exact at the corners, so a pixel centre reads its texel centre.
out vec2 v_uv;
#endif

void main() {
    // Depth in [0, 1], nearer for later ops (PassBatcher's occlusion); ignored where depth testing is off.
#ifdef INSTANCED
    vec2 a_pixel = vec2((gl_VertexID & 1) != 0 ? a_bounds.z : a_bounds.x, (gl_VertexID & 2) != 0 ? a_bounds.w : a_bounds.y);
#endif
    gl_Position = vec4(a_pixel / u_targetSize * 2.0 - 1.0, 2.0 * a_params.w - 1.0, 1.0);
    v_g0 = a_g0; v_g1 = a_g1; v_g2 = a_g2; v_w = a_w;
    v_rect = a_rect; v_radii = a_radii; v_color = a_color;
    v_params = a_params; v_src = a_src; v_tex = a_tex;
#ifdef OPAQUE_COPY
    v_uv = (a_pixel + a_src.xy) / a_tex.xy;
#endif
}
