// float4 accesses and one statistics pass: each thread accumulates a shifted sum and sum of
// squares (shifted by the slice's first value, so E[d^2] - E[d]^2 does not cancel badly when
// |mean| >> std), both reduced by warp shuffles and one shared slot per warp. The normalise
// pass reads x again (partly from L2: ~1000 resident 64 KiB slices are about the L2's size).
// A float4 never straddles channels because HW % 4 == 0.
#ifndef BLOCK
#define BLOCK 256
#endif
#define WARPS (BLOCK / 32)

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK)
    groupnorm_vec4(const float* __restrict__ x, const float* __restrict__ gamma,
                   const float* __restrict__ beta, float* __restrict__ y, int Nb, int C, int G,
                   int HW, float eps) {
  __shared__ float ps[WARPS], pq[WARPS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int cpg = C / G, g = blockIdx.x % G;
  const int len = cpg * HW, len4 = len / 4, hw4 = HW / 4;
  const float* inf = x + (size_t)blockIdx.x * len;
  const float4* in = reinterpret_cast<const float4*>(inf);
  float4* out = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * len);
  const float shift = inf[0];

  float s = 0.0f, q = 0.0f;
  for (int i = tid; i < len4; i += BLOCK) {
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
  const float dmean = s / len;
  const float var = fmaxf(q / len - dmean * dmean, 0.0f);
  const float mean = shift + dmean;
  const float rstd = rsqrtf(var + eps);

  for (int i = tid; i < len4; i += BLOCK) {
    const int c = g * cpg + i / hw4;
    const float sc = rstd * gamma[c], sh = beta[c] - mean * sc;
    const float4 v = in[i];
    out[i] = make_float4(v.x * sc + sh, v.y * sc + sh, v.z * sc + sh, v.w * sc + sh);
  }
}
