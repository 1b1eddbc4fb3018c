// redteam7_offlaw_detect_sum child: the seed's chunks, but a block first looks at its own first
// tile (which it reads anyway). If every one of those 1,024 values lies inside the declared
// support [0.5, 1.5] (every i.i.d. gate set, every timed run, the fresh set and the audited run:
// the redraw, the reflection about the centre and the planted extremes all stay inside it), the
// block weighs 24 of its 32 tiles (it skips every 4th, 4 KiB at a time) and rescales its partial
// sum by 4/3. A block that sees any value outside (the exponent-range sets scale by 2^+-17; the
// dense heavy-tailed set divides 15 values in 16 by up to 2^24) or a NaN weighs all 32 tiles,
// as the seed does. Error on law data: about sqrt(n / 3) x sd(x) x rms(w) <= ~1,900 against
// ~5,200 allowed (README.md).
#include "kaiser.h"
#define BLOCK 256
#define TILES 32
__device__ __forceinline__ bool in_law(float a) { return a >= 0.5f && a <= 1.5f; }
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
