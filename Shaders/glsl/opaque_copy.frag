#version 300 es
// opaque_copy.frag: a kept region made over its opaque backdrop (PassBatcher.keptCopy, ShaderKey.opaqueCopy),
// copied back without blending. The texel is the pixel's own (quad.vert's OPAQUE_COPY coordinates: the
// texel centre at the pixel centre, read with nearest filtering), so the copy is exact on every GPU. Kept
// to a texture read of an interpolated coordinate and nothing else: llvmpipe runs such a shader on its
// linear rasterizer as a copy of rows, without the per-pixel gather of a texelFetch.
precision highp float;
precision highp sampler2D;

uniform sampler2D u_texture;
in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, v_uv);
}
