// Source-over of a row of source pixels already rounded to bytes: LaminaRaster's `Blend.over` eight pixels at
// a time with AVX2 (`blend_over.h`). Integer operations only, so every byte is `Blend.over`'s byte.

#include "LaminaKernels.h"
#include "blend_over.h"

/// Pixels `[from, count)` one at a time.
static inline void over_pixels(const uint32_t *source, uint8_t *out, long from, long count) {
    for (long i = from; i < count; i++) lamina_over_at(source[i], out + i * 4);
}

#if defined(__x86_64__)

__attribute__((target("avx2")))
void lamina_over_row_avx2(const uint32_t *source, uint8_t *out, long count) {
    long i = 0;
    for (; i + 8 <= count; i += 8) lamina_over8(_mm256_loadu_si256((const __m256i *)(source + i)), out + i * 4);
    over_pixels(source, out, i, count);
}

#else

void lamina_over_row_avx2(const uint32_t *source, uint8_t *out, long count) { over_pixels(source, out, 0, count); }

#endif
