// `Blend.over` (LaminaRaster) on bytes, shared by the kernels that blend rows of source bytes: one pixel at a
// time, and eight at a time with AVX2. Integer operations only, so every byte is `Blend.over`'s byte.

#ifndef LAMINA_BLEND_OVER_H
#define LAMINA_BLEND_OVER_H

#include <stdint.h>

/// `Blend.over` of one pixel: per channel `s + (d * (255 - a) + 127) / 255`, held to 255.
static inline uint32_t lamina_over1(uint32_t s, uint32_t d) {
    const uint32_t left = 255 - (s >> 24);
    uint32_t pixel = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t x = ((d >> shift) & 0xFF) * left + 127;
        uint32_t v = ((s >> shift) & 0xFF) + ((x * 0x8081u) >> 23);
        pixel |= (v > 255 ? 255 : v) << shift;
    }
    return pixel;
}

/// `lamina_over1` of source `s` over the pixel at `p`; a source of zero bytes leaves it as it is.
static inline void lamina_over_at(uint32_t s, uint8_t *p) {
    if (s == 0) return;
    uint32_t d;
    __builtin_memcpy(&d, p, 4);
    const uint32_t pixel = lamina_over1(s, d);
    __builtin_memcpy(p, &pixel, 4);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Four pixels' channels as 16-bit lanes (`s16`, `d16`): `s + (d * (255 - a) + 127) / 255`, unsaturated, with
/// the division as `(x * 0x8081) >> 23`, exact for every x below 2^16 (the largest here is 255 * 255 + 127).
__attribute__((target("avx2")))
static inline __m256i lamina_over4(__m256i s16, __m256i d16) {
    const __m256i alphas = _mm256_shuffle_epi8(
        s16, _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                              6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    const __m256i left = _mm256_sub_epi16(_mm256_set1_epi16(255), alphas);
    const __m256i x = _mm256_add_epi16(_mm256_mullo_epi16(d16, left), _mm256_set1_epi16(127));
    const __m256i q = _mm256_srli_epi16(_mm256_mulhi_epu16(x, _mm256_set1_epi16((short)0x8081)), 7);
    return _mm256_add_epi16(s16, q);
}

/// Eight sources `s` over the eight pixels at `out`: nothing where all are zero, stored where all are
/// opaque, else blended on 16-bit lanes and packed back in pixel order.
__attribute__((target("avx2")))
static inline void lamina_over8(__m256i s, uint8_t *out) {
    if (_mm256_testz_si256(s, s)) return;
    if (_mm256_testc_si256(s, _mm256_set1_epi32((int)0xFF000000u))) {
        _mm256_storeu_si256((__m256i *)out, s);
        return;
    }
    const __m256i d = _mm256_loadu_si256((const __m256i *)out);
    const __m256i low = lamina_over4(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(s)),
                                     _mm256_cvtepu8_epi16(_mm256_castsi256_si128(d)));
    const __m256i high = lamina_over4(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(s, 1)),
                                      _mm256_cvtepu8_epi16(_mm256_extracti128_si256(d, 1)));
    // Packing works within 128-bit lanes: put the four 64-bit quarters back in pixel order.
    _mm256_storeu_si256((__m256i *)out, _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8));
}
#endif

#endif
