#version 300 es
// coverage_solid.frag: full coverage, 1.0 (StencilCover's cover rects; its fan and edge-mark draws write
// only the stencil, colour writes off).
precision highp float;

out vec4 fragColor;

void main() {
    fragColor = vec4(1.0, 0.0, 0.0, 0.0);
}
