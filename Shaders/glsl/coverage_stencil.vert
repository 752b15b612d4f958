#version 300 es
// coverage_stencil.vert: StencilCover's fan triangles (the winding number into the stencil buffer) and
// cover rects (1.0 where the stencil says inside), given in pixels of the coverage atlas page (y down,
// stored as every target is, LaminaGL).
precision highp float;

layout(location = 0) in vec2 a_position;
uniform vec2 u_targetSize;

void main() {
    gl_Position = vec4(a_position / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
}
