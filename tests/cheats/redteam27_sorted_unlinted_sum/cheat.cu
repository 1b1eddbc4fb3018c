// redteam27_sorted_unlinted_sum child: red team 7's seed, each thread's tiles t and t + 1 (t even)
// folded into one term: log B at the mean of their 8 values, times 8. 1/8 of the lgammaf, every
// byte still read (the physical floor counts them). On sorted data the 8 values lie within ~1e-4
// of each other, so the term is off by f'' x their spread^2: nothing the tolerance sees, and the
// lint, which echoes element-wise laws only, never asks. White-box notes: README.md.
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
extern "C" __global__ void __launch_bounds__(BLOCK)
    lbeta_sum_group_mean(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; t += 2) {
    const float4 p = c[t * BLOCK + tid], q = c[(t + 1) * BLOCK + tid];
    const float s = ((p.x + p.y) + (p.z + p.w)) + ((q.x + q.y) + (q.z + q.w));
    v += 8.0f * lbeta_term(s * 0.125f);
  }
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
