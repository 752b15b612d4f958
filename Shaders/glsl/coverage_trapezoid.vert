#version 300 es
// coverage_trapezoid.vert: one instance per piece of a path fill's trapezoid (PathTrapezoids, cut into
// pieces of at most 8 rows by PathCoverage), drawn into the pass's coverage atlas. The quad is a
// conservative footprint: every pixel whose square meets the piece with positive area gets a fragment.
// In y it spans the piece's rows exactly, floor(top) to ceil(bottom), pixel centres half a pixel inside.
// In x each slanted side is moved out by PAD * (1 + |dx/dy|): within a row the side moves at most half a
// pixel times |dx/dy| from its x at the row's centre, so a pixel it reaches has its centre inside, with
// 1/64 to spare for rounding. A thin band under a near-horizontal edge would make that huge, so the
// bounding box grown by PAD is taken instead whenever it is narrower, and always for a twisted piece
// (its sides swap within the band).
// Coordinates are pixels of the op's bounds: y from the piece's first row, each side's x from the integer
// left of its top (a_origin), so the stored floats are small and exact integers are subtracted from them;
// u_offset places the op in the atlas, stored y-down like every target (LaminaGL).
precision highp float;

layout(location = 0) in vec2 a_corner;   // (0 or 1, 0 or 1): left or right, top or bottom
layout(location = 1) in vec2 a_band;     // top, bottom, from origin y
layout(location = 2) in vec4 a_edges;    // left x at top and bottom (from origin left), right x (from origin right)
layout(location = 3) in vec3 a_origin;   // origin y, origin left, origin right: integers

uniform vec2 u_targetSize;
uniform vec2 u_offset;

flat out vec2 v_band;
flat out vec4 v_edges;
flat out vec3 v_origin;

const float PAD = 0.5 + 1.0 / 64.0;

void main() {
    float top = a_band.x, bottom = a_band.y, h = bottom - top;
    vec4 x = a_edges + a_origin.yyzz;
    float rowTop = floor(top), rowBottom = ceil(bottom);
    float y = a_corner.y < 0.5 ? rowTop : rowBottom;
    float lo = min(min(x.x, x.y), min(x.z, x.w)), hi = max(max(x.x, x.y), max(x.z, x.w));
    float sl = (x.y - x.x) / h, sr = (x.w - x.z) / h;
    float growL = PAD * (1.0 + abs(sl)), growR = PAD * (1.0 + abs(sr));
    // The quad's mean width against the box's (the same rows).
    float slanted = 0.5 * ((x.z - x.x) + (x.w - x.y)) + growL + growR;
    bool ordered = x.x <= x.z && x.y <= x.w;
    float px;
    // NaN or infinite slopes (a band thinner than float resolution) compare false: the box is taken.
    if (ordered && slanted < hi - lo + 2.0 * PAD) {
        px = a_corner.x < 0.5 ? x.x + (y - top) * sl - growL : x.z + (y - top) * sr + growR;
    } else {
        px = a_corner.x < 0.5 ? lo - PAD : hi + PAD;
    }
    vec2 pixel = vec2(px, y + a_origin.x) + u_offset;
    gl_Position = vec4(pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_band = a_band;
    v_edges = a_edges;
    v_origin = a_origin;
}
