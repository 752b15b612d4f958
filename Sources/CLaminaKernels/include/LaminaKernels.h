#ifndef LAMINA_KERNELS_H
#define LAMINA_KERNELS_H

#include <stdint.h>

/// A column or row of a bilinear grid (LaminaRaster's `LinearGrid.Line`): its two texel lines, the second
/// one's weight, and the edge coverage there. Defined here so that Swift and C agree on its layout.
typedef struct {
    int32_t first;
    int32_t second;
    double weight;
    double coverage;
} LaminaGridLine;

/// 1 when this processor and its operating system run the AVX2 kernels below, else 0 (any other
/// architecture included).
int lamina_kernels_have_avx2(void);

/// A row of a bilinear grid draw without clips or a tint colour, over the columns [x_lo, x_hi): per pixel
/// the four texels mixed as the reference mixes them, times `opacity` and `modulate` (4 components) when
/// `scales`, times the coverage, rounded to bytes as a store rounds (`tie_bias`) and drawn source-over
/// (`Blend.over`). Every value is the double the Swift loop computes, operation for operation, so every byte
/// is its byte. Call only when `lamina_kernels_have_avx2()`.
void lamina_grid_plain_row_avx2(const LaminaGridLine *columns, long x0, long x_lo, long x_hi,
                                const uint8_t *top, const uint8_t *bottom, double b, double row_coverage,
                                uint8_t *out, int scales, double opacity, const double *modulate,
                                double tie_bias);

/// 1 when this processor and its operating system also run the AVX-512 (F, DQ, BW, VL) kernel below.
int lamina_kernels_have_avx512(void);

/// `lamina_grid_plain_row_avx2` two pixels at a time, eight components in one register: the same doubles, so
/// the same bytes. Call only when `lamina_kernels_have_avx512()`.
void lamina_grid_plain_row_avx512(const LaminaGridLine *columns, long x0, long x_lo, long x_hi,
                                  const uint8_t *top, const uint8_t *bottom, double b, double row_coverage,
                                  uint8_t *out, int scales, double opacity, const double *modulate,
                                  double tie_bias);

/// `Blend.over` of `count` source pixels (each 4 bytes in memory order r, g, b, a, as one 32-bit load reads
/// them; premultiplied, already rounded to bytes) over the pixels at `out`: per channel
/// `s + (d * (255 - a) + 127) / 255`, held to 255, integer for integer. A source pixel of zero bytes leaves
/// its destination as it is. Eight pixels at a time where `lamina_kernels_have_avx2()`; call it only there.
void lamina_over_row_avx2(const uint32_t *source, uint8_t *out, long count);

/// `lamina_over_row_avx2` of `count` texels mapped to source bytes first: per channel k, texel byte v
/// becomes `table[k * 256 + v]` (LaminaRaster's `runAlignedPlainRows`: a pass composited at its opacity),
/// and a texel of alpha zero draws nothing. Integer for integer the Swift loop's bytes. Eight pixels at a
/// time where `lamina_kernels_have_avx2()`; call it only there.
void lamina_map_over_row_avx2(const uint32_t *texels, const uint8_t *table, uint8_t *out, long count);

#endif
