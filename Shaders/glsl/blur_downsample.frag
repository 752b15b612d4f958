#version 300 es
// blur_downsample.frag: one pyramid level from the one below, texels outside the source transparent: a 2x2
// box to half size, or with BINOMIAL the binomial [1 3 3 1] / 8 in both directions over texels
// 2t - 1 ... 2t + 2 (BlurMethod.Downsample, whose comment says why both).
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_source;
out vec4 fragColor;

// The texel at t, transparent outside the source (fetched clamped inside, so always defined).
vec4 fetch(ivec2 t, ivec2 size) {
    vec4 v = texelFetch(u_source, clamp(t, ivec2(0), size - 1), 0);
    return uint(t.x) < uint(size.x) && uint(t.y) < uint(size.y) ? v : vec4(0.0);
}

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 t = 2 * ivec2(gl_FragCoord.xy);
#ifdef BINOMIAL
    const float B[4] = float[4](0.125, 0.375, 0.375, 0.125);
    vec4 sum = vec4(0.0);
    for (int j = 0; j < 4; j++) {
        vec4 row = vec4(0.0);
        for (int i = 0; i < 4; i++) row += B[i] * fetch(t + ivec2(i - 1, j - 1), size);
        sum += B[j] * row;
    }
    fragColor = sum;
#else
    fragColor = 0.25 * (fetch(t, size) + fetch(t + ivec2(1, 0), size)
                        + fetch(t + ivec2(0, 1), size) + fetch(t + ivec2(1, 1), size));
#endif
}
