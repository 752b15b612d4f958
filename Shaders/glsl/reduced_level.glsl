// reduced_level.glsl: a blur's reduced pyramid level read back at full size, for blur_upsample.frag and
// primitive.frag's REDUCED copies (the same operations, so the same bytes). PACKED: the
// level is a gray pass's, two pixels of a row per texel in 16-bit fixed point (blur_wide.frag), and pixels
// past its width are zero, as texels outside it read.
// (The including shader includes store.glsl first, for TIE_BIAS.)
vec4 reducedTexel(sampler2D level, ivec2 t, ivec2 size) {
#ifdef PACKED
    if (t.x < 0 || t.y < 0 || t.x >= 2 * size.x || t.y >= size.y) return vec4(0.0);
    vec4 w = texelFetch(level, ivec2(t.x >> 1, t.y), 0);
    return vec4((t.x & 1) == 0 ? w.x + w.y * (1.0 / 255.0) : w.z + w.w * (1.0 / 255.0));
#else
    if (t.x < 0 || t.y < 0 || t.x >= size.x || t.y >= size.y) return vec4(0.0);
    return texelFetch(level, t, 0);
#endif
}

// The bilinear reconstruction at u, in the level's texel coordinates less 0.5 (texel centres at integers).
vec4 reconstruct(sampler2D level, vec2 u) {
    ivec2 size = textureSize(level, 0);
    vec2 f = fract(u);
    ivec2 i0 = ivec2(floor(u));
    vec4 a = mix(reducedTexel(level, i0, size), reducedTexel(level, i0 + ivec2(1, 0), size), f.x);
    vec4 b = mix(reducedTexel(level, i0 + ivec2(0, 1), size), reducedTexel(level, i0 + ivec2(1, 1), size), f.x);
    return mix(a, b, f.y);
}
