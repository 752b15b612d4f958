// Source-over of a row of texels each mapped to source bytes through a per-channel table first: a group's,
// a masked layer's or a rasterized layer's pass composited at its opacity (LaminaRaster's
// `runAlignedPlainRows`), eight pixels at a time with AVX2 (`blend_over.h`). Table lookups and integer
// operations only, so every byte is the Swift loop's.

#include "LaminaKernels.h"
#include "blend_over.h"

/// The source bytes of texel `t`: each channel through its 256 bytes of `table`; a texel of alpha zero draws
/// nothing (zero bytes), as the Swift loop skips it.
static inline uint32_t map_texel(uint32_t t, const uint8_t *table) {
    if ((t >> 24) == 0) return 0;
    return (uint32_t)table[t & 0xFF] | (uint32_t)table[256 | ((t >> 8) & 0xFF)] << 8
        | (uint32_t)table[512 | ((t >> 16) & 0xFF)] << 16 | (uint32_t)table[768 | (t >> 24)] << 24;
}

/// Pixels `[from, count)` one at a time.
static inline void map_over_pixels(const uint32_t *texels, const uint8_t *table, uint8_t *out, long from,
                                   long count) {
    for (long i = from; i < count; i++) lamina_over_at(map_texel(texels[i], table), out + i * 4);
}

#if defined(__x86_64__)

__attribute__((target("avx2")))
void lamina_map_over_row_avx2(const uint32_t *texels, const uint8_t *table, uint8_t *out, long count) {
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    // The last texel mapped and its source: a run of one colour (a card in a group) maps once.
    uint32_t last_texel = 0, last_source = 0;
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i t = _mm256_loadu_si256((const __m256i *)(texels + i));
        // Eight texels of alpha zero draw nothing.
        if (_mm256_testz_si256(t, alpha)) continue;
        __m256i s;
        const __m256i same = _mm256_cmpeq_epi32(t, _mm256_set1_epi32((int)last_texel));
        if (_mm256_movemask_epi8(same) == -1) {
            s = _mm256_set1_epi32((int)last_source);
        } else {
            uint32_t mapped[8];
            for (int k = 0; k < 8; k++) {
                const uint32_t texel = texels[i + k];
                if (texel != last_texel) {
                    last_texel = texel;
                    last_source = map_texel(texel, table);
                }
                mapped[k] = last_source;
            }
            s = _mm256_loadu_si256((const __m256i *)mapped);
        }
        lamina_over8(s, out + i * 4);
    }
    map_over_pixels(texels, table, out, i, count);
}

#else

void lamina_map_over_row_avx2(const uint32_t *texels, const uint8_t *table, uint8_t *out, long count) {
    map_over_pixels(texels, table, out, 0, count);
}

#endif
