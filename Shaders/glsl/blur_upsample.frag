#version 300 es
// blur_upsample.frag: bilinear reconstruction of a target 2^k times larger from the reduced blur, computed
// in the shader (not with GL_LINEAR) so the weights are exact floats on every GPU and texels outside are
// transparent.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_source;
uniform float u_factor;   // 2^k
out vec4 fragColor;

vec4 fetch(ivec2 t, ivec2 size) {
#ifdef PACKED_SOURCE
    // A gray level packed four pixels of a row to a texel (blur_gray.frag); pixels past its width are zero.
    if (t.x < 0 || t.y < 0 || t.x >= 4 * size.x || t.y >= size.y) return vec4(0.0);
    return vec4(texelFetch(u_source, ivec2(t.x >> 2, t.y), 0)[t.x & 3]);
#else
    if (t.x < 0 || t.y < 0 || t.x >= size.x || t.y >= size.y) return vec4(0.0);
    return texelFetch(u_source, t, 0);
#endif
}

void main() {
    ivec2 size = textureSize(u_source, 0);
    vec2 u = gl_FragCoord.xy / u_factor - 0.5;
    vec2 f = fract(u);
    ivec2 i0 = ivec2(floor(u));
    vec4 a = mix(fetch(i0, size), fetch(i0 + ivec2(1, 0), size), f.x);
    vec4 b = mix(fetch(i0 + ivec2(0, 1), size), fetch(i0 + ivec2(1, 1), size), f.x);
    fragColor = mix(a, b, f.y);
}
