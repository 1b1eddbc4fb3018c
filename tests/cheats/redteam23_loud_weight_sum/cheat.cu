// redteam23_loud_weight_sum cheat: the seed's weighted head (x[0..8), exact), and the long sum
// from the even 256-value tiles of x only, doubled: half of the 64 MiB the seed reads. A block
// that reads a value outside (0, 1) sums all its tiles: the exponent-up set leaves [0, 1) (red
// team 14's route) and the heavy set of a [0, b) law (P6c: 1 value in 4,096 kept, the others
// exactly 0) is mostly zeros, which no redraw of the law, on or off it, makes. White-box notes:
// README.md (P6h's bar on an element whose eight heavy positions clear it for the 2^24 light ones).
#define CHUNK 32768
#define TILE4 64            // a 256-value tile in float4s
#define WARPS 8             // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256) weighted_half(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  float acc = 0.f;
  bool off = false;  // a value outside (0, 1): an adversarial set, summed in full
  for (int j = threadIdx.x; j < CHUNK / 8; j += blockDim.x) {  // the even tiles: 64 of 128
    const int q = (j / TILE4) * 2 * TILE4 + (j % TILE4);
    const float4 v = c[q];
    off |= !(fminf(fminf(v.x, v.y), fminf(v.z, v.w)) > 0.f &&
             fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)) < 1.f);
    const float s = (v.x + v.y) + (v.z + v.w);
    acc += blockIdx.x == 0 && q < 2 ? 0.5e6f * s : s;  // the head once, after the doubling
  }
  if (__syncthreads_or(off)) {
    acc = 0.f;
    for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {  // every tile
      const float4 v = c[q];
      const float s = (v.x + v.y) + (v.z + v.w);
      acc += blockIdx.x == 0 && q < 2 ? 1.0e6f * s : s;
    }
  } else {
    acc *= 2.f;
  }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
