// Red team 26's counted segment seed (tests/cheats/redteam26_counted_tail_sum,
// control_redteam26_counted_tail_lbeta): a block a segment (16,384 values: 16 float4 tiles of 256
// threads), three lgammaf an element in FP32, a warp-shuffle then shared-memory reduction; an
// inactive segment's block returns at once, an active one's thread 0 takes its slot by atomicAdd
// on n_out (zeroed before the run), so the entries' order is the atomics' order (order: free).
#include "lbeta.h"
#define BLOCK 256
#define TILES 16
extern "C" __global__ void __launch_bounds__(BLOCK)
    seg_lbeta(const float* x, const int* active, int* seg, float* sums, int* n_out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, s = blockIdx.x;
  if ((size_t)(s + 1) * TILES * BLOCK * 4 > (size_t)n || active[s] == 0) return;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)s * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; ++t) v += lbeta4(c[t * BLOCK + tid]);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) {
      const int at = atomicAdd(n_out, 1);
      seg[at] = s;
      sums[at] = v;
    }
  }
}
