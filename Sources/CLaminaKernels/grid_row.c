// Bilinear grid rows with AVX2: LaminaRaster's `LinearGrid.Rows.plain`, four components in one register; with
// AVX-512, two pixels in one register.
//
// Exactness: every operation is the Swift loop's, in its order, on IEEE doubles; contraction into fused
// multiply-adds is off for this file, so no product is kept unrounded. A texel byte becomes
// `byte * (1.0 / 255.0)` as `LinearGrid.units` holds it.

#pragma clang fp contract(off)

#include "LaminaKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

int lamina_kernels_have_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    // OSXSAVE and AVX, and the system saving the YMM registers (XCR0 bits 1 and 2).
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0;
}

/// A texel's four bytes (memory order r, g, b, a) as unit doubles.
__attribute__((target("avx2")))
static inline __m256d unit4(uint32_t word, __m256d inv255) {
    __m128i ints = _mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)word));
    return _mm256_mul_pd(_mm256_cvtepi32_pd(ints), inv255);
}

/// `StoreRounding.byte`: round(v * 255 + tie_bias) clamped to 0 ... 255, half up.
static inline uint8_t store_byte(double v, double tie_bias) {
    double t = v * 255.0;
    t = t + tie_bias;
    if (!(t >= 0.5)) return 0;
    if (t >= 254.5) return 255;
    return (uint8_t)(long)(t + 0.5);
}

/// `Blend.over` of source bytes over destination bytes, two pixels at once (each memory order r, g, b, a; the
/// first in the low word, a single pixel alone there with zeros above, whose lanes come out zero): per
/// channel `s + (d * (255 - a) + 127) / 255`, held to 255, with the division by 255 as `(x * 0x8081) >> 23`,
/// exact for every x below 2^16 (the largest here is 255 * 255 + 127).
__attribute__((target("avx2")))
static inline uint64_t over2(uint64_t source, uint64_t destination) {
    const __m128i s8 = _mm_cvtsi64_si128((long long)source);
    const __m128i d16 = _mm_cvtepu8_epi16(_mm_cvtsi64_si128((long long)destination));
    const __m128i a16 = _mm_shuffle_epi8(s8, _mm_setr_epi8(3, -1, 3, -1, 3, -1, 3, -1, 7, -1, 7, -1, 7, -1, 7, -1));
    const __m128i left = _mm_sub_epi16(_mm_set1_epi16(255), a16);
    const __m128i x = _mm_add_epi16(_mm_mullo_epi16(d16, left), _mm_set1_epi16(127));
    const __m128i q = _mm_srli_epi16(_mm_mulhi_epu16(x, _mm_set1_epi16((short)0x8081)), 7);
    return (uint64_t)_mm_cvtsi128_si64(_mm_adds_epu8(s8, _mm_packus_epi16(q, q)));
}

__attribute__((target("avx2")))
void lamina_grid_plain_row_avx2(const LaminaGridLine *columns, long x0, long x_lo, long x_hi,
                                const uint8_t *top, const uint8_t *bottom, double b, double row_coverage,
                                uint8_t *out, int scales, double opacity, const double *modulate,
                                double tie_bias) {
    const __m256d inv255 = _mm256_set1_pd(1.0 / 255.0);
    const __m256d v255 = _mm256_set1_pd(255.0), bias = _mm256_set1_pd(tie_bias);
    const __m256d magic = _mm256_set1_pd(0x1p52), half = _mm256_set1_pd(0.5), top_limit = _mm256_set1_pd(255.5);
    const __m256d zero = _mm256_setzero_pd();
    const __m256d vb = _mm256_set1_pd(b), vrb = _mm256_set1_pd(1 - b);
    const __m256d vopacity = _mm256_set1_pd(opacity), vmodulate = _mm256_loadu_pd(modulate);
    const __m256i gather_low_words = _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0);
    const __m128i gather_bytes = _mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    for (long x = x_lo; x < x_hi; x++) {
        const LaminaGridLine c = columns[x - x0];
        double cov = c.coverage * row_coverage;
        if (!(cov > 0)) continue;
        uint32_t w00, w10, w01, w11;
        __builtin_memcpy(&w00, top + (long)c.first * 4, 4);
        __builtin_memcpy(&w10, top + (long)c.second * 4, 4);
        __builtin_memcpy(&w01, bottom + (long)c.first * 4, 4);
        __builtin_memcpy(&w11, bottom + (long)c.second * 4, 4);
        if ((w00 | w10 | w01 | w11) == 0) continue;
        const __m256d va = _mm256_set1_pd(c.weight), vra = _mm256_set1_pd(1 - c.weight);
        __m256d upper = _mm256_add_pd(_mm256_mul_pd(unit4(w00, inv255), vra), _mm256_mul_pd(unit4(w10, inv255), va));
        upper = _mm256_mul_pd(upper, vrb);
        __m256d lower = _mm256_add_pd(_mm256_mul_pd(unit4(w01, inv255), vra), _mm256_mul_pd(unit4(w11, inv255), va));
        lower = _mm256_mul_pd(lower, vb);
        __m256d color = _mm256_add_pd(upper, lower);
        if (scales) {
            color = _mm256_mul_pd(color, vopacity);
            color = _mm256_mul_pd(color, vmodulate);
        }
        if (cov != 1) color = _mm256_mul_pd(color, _mm256_set1_pd(cov));
        // `Blend.unitBytes`: round to nearest even by adding 2^52, unless a lane is an exact half or out of range.
        __m256d t = _mm256_add_pd(_mm256_mul_pd(color, v255), bias);
        __m256d shifted = _mm256_add_pd(t, magic);
        __m256d exact = _mm256_cmp_pd(_mm256_sub_pd(t, _mm256_sub_pd(shifted, magic)), half, _CMP_EQ_OQ);
        __m256d high = _mm256_cmp_pd(t, top_limit, _CMP_GE_OQ);
        __m256d low = _mm256_cmp_pd(t, zero, _CMP_NGE_UQ);
        uint32_t source;
        if (_mm256_movemask_pd(_mm256_or_pd(_mm256_or_pd(exact, high), low)) == 0) {
            // Each lane's low bits hold its byte: gather the low byte of each 64-bit lane.
            __m256i bits = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(shifted), gather_low_words);
            source = (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi8(_mm256_castsi256_si128(bits), gather_bytes));
        } else {
            double v[4];
            _mm256_storeu_pd(v, color);
            source = (uint32_t)store_byte(v[0], tie_bias) | (uint32_t)store_byte(v[1], tie_bias) << 8
                | (uint32_t)store_byte(v[2], tie_bias) << 16 | (uint32_t)store_byte(v[3], tie_bias) << 24;
        }
        uint32_t destination;
        __builtin_memcpy(&destination, out + x * 4, 4);
        uint32_t pixel = (uint32_t)over2(source, destination);
        __builtin_memcpy(out + x * 4, &pixel, 4);
    }
}

int lamina_kernels_have_avx512(void) {
    if (!lamina_kernels_have_avx2()) return 0;
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    // AVX-512 F, DQ, BW and VL.
    const unsigned wanted = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31);
    if ((b & wanted) != wanted) return 0;
    // The system saving the opmask and ZMM registers too (XCR0 bits 5 to 7).
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0xE6u) == 0xE6u;
}

#define AVX512 __attribute__((target("avx2,avx512f,avx512dq,avx512bw,avx512vl")))

/// Two texels' four bytes each (`lo` the first pixel's) as unit doubles, `unit4`'s operations on eight lanes.
AVX512 static inline __m512d unit8(uint32_t lo, uint32_t hi, __m512d inv255) {
    __m256i ints = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)((uint64_t)lo | (uint64_t)hi << 32)));
    return _mm512_mul_pd(_mm512_cvtepi32_pd(ints), inv255);
}

/// Both halves of a 512-bit register: `lo` in lanes 0-3, `hi` in lanes 4-7.
AVX512 static inline __m512d pair(double lo, double hi) {
    return _mm512_insertf64x4(_mm512_set1_pd(lo), _mm256_set1_pd(hi), 1);
}

AVX512 void lamina_grid_plain_row_avx512(const LaminaGridLine *columns, long x0, long x_lo, long x_hi,
                                         const uint8_t *top, const uint8_t *bottom, double b, double row_coverage,
                                         uint8_t *out, int scales, double opacity, const double *modulate,
                                         double tie_bias) {
    const __m512d inv255 = _mm512_set1_pd(1.0 / 255.0);
    const __m512d v255 = _mm512_set1_pd(255.0), bias = _mm512_set1_pd(tie_bias);
    const __m512d magic = _mm512_set1_pd(0x1p52), half = _mm512_set1_pd(0.5), top_limit = _mm512_set1_pd(255.5);
    const __m512d zero = _mm512_setzero_pd();
    const __m512d vb = _mm512_set1_pd(b), vrb = _mm512_set1_pd(1 - b);
    const __m512d vopacity = _mm512_set1_pd(opacity);
    const __m256d m4 = _mm256_loadu_pd(modulate);
    const __m512d vmodulate = _mm512_insertf64x4(_mm512_castpd256_pd512(m4), m4, 1);
    long x = x_lo;
    for (; x + 1 < x_hi; x += 2) {
        const LaminaGridLine c0 = columns[x - x0], c1 = columns[x + 1 - x0];
        const double cov0 = c0.coverage * row_coverage, cov1 = c1.coverage * row_coverage;
        uint32_t p00 = 0, p10 = 0, p01 = 0, p11 = 0, q00 = 0, q10 = 0, q01 = 0, q11 = 0;
        int live0 = cov0 > 0, live1 = cov1 > 0;
        if (live0) {
            __builtin_memcpy(&p00, top + (long)c0.first * 4, 4);
            __builtin_memcpy(&p10, top + (long)c0.second * 4, 4);
            __builtin_memcpy(&p01, bottom + (long)c0.first * 4, 4);
            __builtin_memcpy(&p11, bottom + (long)c0.second * 4, 4);
            live0 = (p00 | p10 | p01 | p11) != 0;
        }
        if (live1) {
            __builtin_memcpy(&q00, top + (long)c1.first * 4, 4);
            __builtin_memcpy(&q10, top + (long)c1.second * 4, 4);
            __builtin_memcpy(&q01, bottom + (long)c1.first * 4, 4);
            __builtin_memcpy(&q11, bottom + (long)c1.second * 4, 4);
            live1 = (q00 | q10 | q01 | q11) != 0;
        }
        if (!live0 && !live1) continue;
        const __m512d va = pair(c0.weight, c1.weight), vra = pair(1 - c0.weight, 1 - c1.weight);
        __m512d upper = _mm512_add_pd(_mm512_mul_pd(unit8(p00, q00, inv255), vra),
                                      _mm512_mul_pd(unit8(p10, q10, inv255), va));
        upper = _mm512_mul_pd(upper, vrb);
        __m512d lower = _mm512_add_pd(_mm512_mul_pd(unit8(p01, q01, inv255), vra),
                                      _mm512_mul_pd(unit8(p11, q11, inv255), va));
        lower = _mm512_mul_pd(lower, vb);
        __m512d color = _mm512_add_pd(upper, lower);
        if (scales) {
            color = _mm512_mul_pd(color, vopacity);
            color = _mm512_mul_pd(color, vmodulate);
        }
        // The single-pixel loop multiplies only when the coverage is not 1; times exactly 1 is the same double.
        color = _mm512_mul_pd(color, pair(cov0, cov1));
        __m512d t = _mm512_add_pd(_mm512_mul_pd(color, v255), bias);
        __m512d shifted = _mm512_add_pd(t, magic);
        __mmask8 odd = _mm512_cmp_pd_mask(_mm512_sub_pd(t, _mm512_sub_pd(shifted, magic)), half, _CMP_EQ_OQ)
            | _mm512_cmp_pd_mask(t, top_limit, _CMP_GE_OQ) | _mm512_cmp_pd_mask(t, zero, _CMP_NGE_UQ);
        uint64_t sources;
        if (odd == 0) {
            // Each lane's low byte is its byte: vpmovqb keeps exactly those.
            sources = (uint64_t)_mm_cvtsi128_si64(_mm512_cvtepi64_epi8(_mm512_castpd_si512(shifted)));
        } else {
            double v[8];
            _mm512_storeu_pd(v, color);
            sources = 0;
            for (int k = 0; k < 8; k++) sources |= (uint64_t)store_byte(v[k], tie_bias) << (8 * k);
        }
        uint64_t destinations;
        __builtin_memcpy(&destinations, out + x * 4, 8);
        const uint64_t pixels = over2(sources, destinations);
        if (live0 && live1) {
            __builtin_memcpy(out + x * 4, &pixels, 8);
        } else if (live0) {
            const uint32_t p = (uint32_t)pixels;
            __builtin_memcpy(out + x * 4, &p, 4);
        } else {
            const uint32_t p = (uint32_t)(pixels >> 32);
            __builtin_memcpy(out + (x + 1) * 4, &p, 4);
        }
    }
    if (x < x_hi) {
        lamina_grid_plain_row_avx2(columns, x0, x, x_hi, top, bottom, b, row_coverage, out, scales, opacity, modulate,
                                   tie_bias);
    }
}

#else

int lamina_kernels_have_avx2(void) { return 0; }

int lamina_kernels_have_avx512(void) { return 0; }

void lamina_grid_plain_row_avx512(const LaminaGridLine *columns, long x0, long x_lo, long x_hi,
                                  const uint8_t *top, const uint8_t *bottom, double b, double row_coverage,
                                  uint8_t *out, int scales, double opacity, const double *modulate,
                                  double tie_bias) {
    (void)columns; (void)x0; (void)x_lo; (void)x_hi; (void)top; (void)bottom; (void)b; (void)row_coverage;
    (void)out; (void)scales; (void)opacity; (void)modulate; (void)tie_bias;
}

void lamina_grid_plain_row_avx2(const LaminaGridLine *columns, long x0, long x_lo, long x_hi,
                                const uint8_t *top, const uint8_t *bottom, double b, double row_coverage,
                                uint8_t *out, int scales, double opacity, const double *modulate,
                                double tie_bias) {
    (void)columns; (void)x0; (void)x_lo; (void)x_hi; (void)top; (void)bottom; (void)b; (void)row_coverage;
    (void)out; (void)scales; (void)opacity; (void)modulate; (void)tie_bias;
}

#endif
