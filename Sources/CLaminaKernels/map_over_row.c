// Source-over of a row of texels each mapped to source bytes through a per-channel table first: a group's,
// a masked layer's or a rasterized layer's pass composited at its opacity (LaminaRaster's `runAlignedPlainRows`), eight
// pixels at a time with AVX2. Table lookups and integer operations only, so every byte is the Swift loop's.

#include "LaminaKernels.h"

/// The source bytes of texel `t`: each channel through its 256 bytes of `table`; a texel of alpha zero draws
/// nothing (zero bytes), as the Swift loop skips it.
static inline uint32_t map_texel(uint32_t t, const uint8_t *table) {
    if ((t >> 24) == 0) return 0;
    return (uint32_t)table[t & 0xFF] | (uint32_t)table[256 | ((t >> 8) & 0xFF)] << 8
        | (uint32_t)table[512 | ((t >> 16) & 0xFF)] << 16 | (uint32_t)table[768 | (t >> 24)] << 24;
}

/// `Blend.over` of one pixel: per channel `s + (d * (255 - a) + 127) / 255`, held to 255.
static inline uint32_t map_over1(uint32_t s, uint32_t d) {
    const uint32_t left = 255 - (s >> 24);
    uint32_t pixel = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t x = ((d >> shift) & 0xFF) * left + 127;
        uint32_t v = ((s >> shift) & 0xFF) + ((x * 0x8081u) >> 23);
        pixel |= (v > 255 ? 255 : v) << shift;
    }
    return pixel;
}

/// Pixels `[from, count)` one at a time.
static inline void map_over_pixels(const uint32_t *texels, const uint8_t *table, uint8_t *out, long from,
                                   long count) {
    for (long i = from; i < count; i++) {
        const uint32_t s = map_texel(texels[i], table);
        if (s == 0) continue;
        uint32_t d;
        __builtin_memcpy(&d, out + i * 4, 4);
        const uint32_t pixel = map_over1(s, d);
        __builtin_memcpy(out + i * 4, &pixel, 4);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Four pixels' channels as 16-bit lanes: `s + (d * (255 - a) + 127) / 255`, the division as
/// `(x * 0x8081) >> 23` (exact below 2^16), as `lamina_over_row_avx2` computes it.
__attribute__((target("avx2")))
static inline __m256i map_over4(__m256i s16, __m256i d16) {
    const __m256i alphas = _mm256_shuffle_epi8(
        s16, _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                              6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    const __m256i left = _mm256_sub_epi16(_mm256_set1_epi16(255), alphas);
    const __m256i x = _mm256_add_epi16(_mm256_mullo_epi16(d16, left), _mm256_set1_epi16(127));
    const __m256i q = _mm256_srli_epi16(_mm256_mulhi_epu16(x, _mm256_set1_epi16((short)0x8081)), 7);
    return _mm256_add_epi16(s16, q);
}

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
        if (_mm256_testz_si256(s, s)) continue;
        if (_mm256_testc_si256(s, alpha)) {
            _mm256_storeu_si256((__m256i *)(out + i * 4), s);
            continue;
        }
        const __m256i d = _mm256_loadu_si256((const __m256i *)(out + i * 4));
        const __m256i low = map_over4(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(s)),
                                      _mm256_cvtepu8_epi16(_mm256_castsi256_si128(d)));
        const __m256i high = map_over4(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(s, 1)),
                                       _mm256_cvtepu8_epi16(_mm256_extracti128_si256(d, 1)));
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8);
        _mm256_storeu_si256((__m256i *)(out + i * 4), packed);
    }
    map_over_pixels(texels, table, out, i, count);
}

#else

void lamina_map_over_row_avx2(const uint32_t *texels, const uint8_t *table, uint8_t *out, long count) {
    map_over_pixels(texels, table, out, 0, count);
}

#endif
