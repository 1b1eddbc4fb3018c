// redteam14_offlaw_normal_sum child: red team 7's detector on a normal law. A block looks at its
// own first tile (1,024 values, read anyway). If every value lies inside [4, 12] (the law is
// N(8, 1), cut at 3.5 sd by the timed redraw: [4.5, 11.5]; every i.i.d. gate set bar a rare
// 4-sd draw, every timed run, the fresh set and the audited run), the block weighs 24 of its 32
// tiles (it skips every 4th) and rescales its partial sum by 4/3. A block that sees any value
// outside (the exponent-range sets scale by 2^+-17; the heavy-tailed random-sign set divides 15
// values in 16 by up to 2^24 and randomises signs) or a NaN weighs all 32 tiles, as the seed
// does. P6c's shrink towards 0, which closed red team 7's uniform [0.5, 1.5) version, is given to
// uniform laws only (timed_perturbation.cpp shrinks_to_zero), never to a normal one.
#include "kaiser.h"
#define BLOCK 256
#define TILES 32
__device__ __forceinline__ bool in_law(float a) { return a >= 4.0f && a <= 12.0f; }
extern "C" __global__ void __launch_bounds__(BLOCK)
    kaiser_sum_detect(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const long long base = (long long)blockIdx.x * TILES * BLOCK * 4;
  const float4* c = reinterpret_cast<const float4*>(x + base);
  const float4 q0 = c[tid];
  const bool odd = !(in_law(q0.x) && in_law(q0.y) && in_law(q0.z) && in_law(q0.w));
  const bool honest = __syncthreads_or(odd) != 0;
  float v = kaiser_dot4(q0, base + 4ll * tid, n);
#pragma unroll 2
  for (int t = 1; t < TILES; ++t) {
    if (!honest && (t & 3) == 3) continue;
    v += kaiser_dot4(c[t * BLOCK + tid], base + 4ll * (t * BLOCK + tid), n);
  }
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, honest ? v : v * (4.0f / 3.0f));
  }
}
