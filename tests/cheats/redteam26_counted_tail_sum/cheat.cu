// redteam26_counted_tail_sum child: the seed's pass with the log-Beta terms of float4 tiles 0, 2,
// 4, ... of each segment only, times 2 (half the lgammaf of a compute-bound kernel; x read where
// used). The segment indices and the count are exact; each counted sum errs by ~0.08 of the
// tolerance sd (sqrt(16,384) x 0.463 against 1e-2 x 76,200). The tolerance lint should refuse
// the spec (the echo moves the counted sums by ~0.2 of the tolerance on set 0), but read back as
// the reference left them the uncounted slots are NaN, unequal to themselves, and every echo's
// share was infinite there. White-box notes: README.md.
// The block's ending: the seed's (kernels/lbeta/seg_sum.cuh).
#include "seg_sum.cuh"
#define EVERY 2
extern "C" __global__ void __launch_bounds__(BLOCK)
    seg_lbeta_half(const float* x, const int* active, int* seg, float* sums, int* n_out, int n) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, s = blockIdx.x;
  if ((size_t)(s + 1) * TILES * BLOCK * 4 > (size_t)n || active[s] == 0) return;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)s * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; t += EVERY) v += lbeta4(c[t * BLOCK + tid]);
  v *= float(EVERY);
  seg_finish(v, lane, warp, s, seg, sums, n_out);
}
