#version 300 es
// blur_downsample.frag: a 2x2 box filter to half size, texels outside the source transparent.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_source;
out vec4 fragColor;

vec4 fetch(ivec2 t, ivec2 size) {
    if (t.x >= size.x || t.y >= size.y) return vec4(0.0);
    return texelFetch(u_source, t, 0);
}

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 t = 2 * ivec2(gl_FragCoord.xy);
    fragColor = 0.25 * (fetch(t, size) + fetch(t + ivec2(1, 0), size)
                        + fetch(t + ivec2(0, 1), size) + fetch(t + ivec2(1, 1), size));
}
