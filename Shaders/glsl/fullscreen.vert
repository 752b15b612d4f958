#version 300 es
// fullscreen.vert: a quad over the whole viewport, for the blur passes (no per-vertex data needed).
precision highp float;
layout(location = 11) in vec2 a_corner;
void main() {
    gl_Position = vec4(a_corner * 2.0 - 1.0, 0.0, 1.0);
}
