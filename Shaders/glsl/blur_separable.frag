#version 300 es
// blur_separable.frag: one direction of the exact Gaussian, sum over |i| <= radius of w_|i| * texel, with
// texels outside the source transparent (GLES 3.0 has no CLAMP_TO_BORDER, so coordinates are tested).
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_source;
uniform ivec2 u_direction;   // (1, 0) or (0, 1)
uniform int u_radius;        // at most 63
uniform vec4 u_weights[16];  // w_0 ... w_63, normalised on the CPU in double precision

out vec4 fragColor;

vec4 fetch(ivec2 t, ivec2 size) {
    if (t.x < 0 || t.y < 0 || t.x >= size.x || t.y >= size.y) return vec4(0.0);
    return texelFetch(u_source, t, 0);
}

float weight(int i) { return u_weights[i / 4][i % 4]; }

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 sum = weight(0) * fetch(p, size);
    for (int i = 1; i <= u_radius; i++) {
        sum += weight(i) * (fetch(p - i * u_direction, size) + fetch(p + i * u_direction, size));
    }
    fragColor = sum;
}
