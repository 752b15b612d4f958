#version 300 es
// blur_upsample.frag: bilinear reconstruction of a target 2^k times larger from the reduced blur, computed
// in the shader (not with GL_LINEAR) so the weights are exact floats on every GPU and texels outside are
// transparent. PACKED: the level is a gray one, two pixels to a texel (reduced_level.glsl).
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_source;
uniform float u_factor;   // 2^k
out vec4 fragColor;

#include "store.glsl"
#include "reduced_level.glsl"

void main() {
    fragColor = storeValue(reconstruct(u_source, gl_FragCoord.xy / u_factor - 0.5));
}
