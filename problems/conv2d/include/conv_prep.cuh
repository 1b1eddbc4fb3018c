// The filter permutation both Hopper conv2d variants launch first (wgmma_tma.cu folds it into
// its NHWC pass, wgmma_halo.cu runs it alone): wt[r][s][K][C] = tf32(w[K][C][r][s]), rounded to
// nearest (cvt.rna), so wgmma's K-major A operand is a plain box of wt and reads TF32 values.
#pragma once
#include "conv_tile_map.cuh"
#include "wgmma_tf32_ops.cuh"

// Elements first, first + stride, ... of wt (9*K*C of them).
__device__ __forceinline__ void conv_filter_permute(const float* __restrict__ w,
                                                    float* __restrict__ wt, int C, int K, int first,
                                                    int stride) {
  const int total = 9 * K * C;
  for (int i = first; i < total; i += stride)
    wt[i] = __uint_as_float(to_tf32(w[conv_wt_source(i, C, K)]));
}
