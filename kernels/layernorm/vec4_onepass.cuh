// float4 accesses and ONE statistics pass over a block's slice (a layernorm row, a groupnorm
// group): each thread accumulates a shifted sum and sum of squares (shifted by the slice's first
// value, so E[d^2] - E[d]^2 does not cancel badly when |mean| >> std), both reduced by warp
// shuffles and one shared slot per warp; then a float4 normalise pass. A whole kernel
// (problems/layernorm vec4, problems/groupnorm vec4_onepass); the including file names
//   NORM_ENTRY     the entry; NORM_PARAMS its parameter list (with `eps`)
//   NORM_N         the slice's length in floats (a multiple of 4)
//   NORM_SETUP     statements that declare `src` (the slice's first float), `in` (const
//                  float4*), `out` (float4*), `n4` and what NORM_APPLY needs
//   NORM_APPLY(i)  the statement that normalises float4 i of the slice (`mean`, `rstd`)
// BLOCK is the block size knob (default 256).
#ifndef BLOCK
#define BLOCK 256
#endif
#define WARPS (BLOCK / 32)

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK) NORM_ENTRY(NORM_PARAMS) {
  __shared__ float ps[WARPS], pq[WARPS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  NORM_SETUP
  const float shift = src[0];  // one broadcast load; any value near the mean works

  float s = 0.0f, q = 0.0f;
  for (int i = tid; i < n4; i += BLOCK) {
    const float4 v = in[i];
    const float a = v.x - shift, b = v.y - shift, d = v.z - shift, e = v.w - shift;
    s += (a + b) + (d + e);
    q += (a * a + b * b) + (d * d + e * e);
  }
  s = warp_sum(s);
  q = warp_sum(q);
  if (lane == 0) {
    ps[warp] = s;
    pq[warp] = q;
  }
  __syncthreads();
  s = warp_sum(lane < WARPS ? ps[lane] : 0.0f);
  q = warp_sum(lane < WARPS ? pq[lane] : 0.0f);
  const float dmean = s / NORM_N;
  const float var = fmaxf(q / NORM_N - dmean * dmean, 0.0f);
  const float mean = shift + dmean;
  const float rstd = rsqrtf(var + eps);

  for (int i = tid; i < n4; i += BLOCK) NORM_APPLY(i);
}
