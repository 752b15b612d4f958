// Source-over of a row of source pixels already rounded to bytes: LaminaRaster's `Blend.over` eight pixels at
// a time with AVX2. Integer operations only, so every byte is `Blend.over`'s byte.

#include "LaminaKernels.h"

/// `Blend.over` of one pixel: per channel `s + (d * (255 - a) + 127) / 255`, held to 255.
static inline uint32_t over1(uint32_t s, uint32_t d) {
    const uint32_t left = 255 - (s >> 24);
    uint32_t pixel = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t x = ((d >> shift) & 0xFF) * left + 127;
        uint32_t v = ((s >> shift) & 0xFF) + ((x * 0x8081u) >> 23);
        pixel |= (v > 255 ? 255 : v) << shift;
    }
    return pixel;
}

/// `over1` over pixels `[from, count)`, leaving a pixel under a source of zero bytes as it is.
static inline void over_pixels(const uint32_t *source, uint8_t *out, long from, long count) {
    for (long i = from; i < count; i++) {
        const uint32_t s = source[i];
        if (s == 0) continue;
        uint32_t d;
        __builtin_memcpy(&d, out + i * 4, 4);
        const uint32_t pixel = over1(s, d);
        __builtin_memcpy(out + i * 4, &pixel, 4);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Four pixels' channels as 16-bit lanes (`s16`, `d16`): `s + (d * (255 - a) + 127) / 255`, unsaturated, with
/// the division as `(x * 0x8081) >> 23`, exact for every x below 2^16 (the largest here is 255 * 255 + 127).
__attribute__((target("avx2")))
static inline __m256i over4(__m256i s16, __m256i d16) {
    const __m256i alphas = _mm256_shuffle_epi8(
        s16, _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                              6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    const __m256i left = _mm256_sub_epi16(_mm256_set1_epi16(255), alphas);
    const __m256i x = _mm256_add_epi16(_mm256_mullo_epi16(d16, left), _mm256_set1_epi16(127));
    const __m256i q = _mm256_srli_epi16(_mm256_mulhi_epu16(x, _mm256_set1_epi16((short)0x8081)), 7);
    return _mm256_add_epi16(s16, q);
}

__attribute__((target("avx2")))
void lamina_over_row_avx2(const uint32_t *source, uint8_t *out, long count) {
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i s = _mm256_loadu_si256((const __m256i *)(source + i));
        // Nothing drawn leaves the destination as it is; eight opaque pixels replace it.
        if (_mm256_testz_si256(s, s)) continue;
        if (_mm256_testc_si256(s, opaque)) {
            _mm256_storeu_si256((__m256i *)(out + i * 4), s);
            continue;
        }
        const __m256i d = _mm256_loadu_si256((const __m256i *)(out + i * 4));
        const __m256i low = over4(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(s)),
                                  _mm256_cvtepu8_epi16(_mm256_castsi256_si128(d)));
        const __m256i high = over4(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(s, 1)),
                                   _mm256_cvtepu8_epi16(_mm256_extracti128_si256(d, 1)));
        // Packing works within 128-bit lanes: put the four 64-bit quarters back in pixel order.
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8);
        _mm256_storeu_si256((__m256i *)(out + i * 4), packed);
    }
    over_pixels(source, out, i, count);
}

#else

void lamina_over_row_avx2(const uint32_t *source, uint8_t *out, long count) { over_pixels(source, out, 0, count); }

#endif
