// redteam25_scattered_heavy_sum cheat: the 128 heavy values exact, the light sum from the even
// 256-value tiles of x only, doubled: half of the 64 MiB the seed reads. A block that reads a
// value outside (0, 1) sums all its tiles (red team 23's route: the exponent-up set leaves
// [0, 1), P6c's sparse heavy set is mostly exact zeros). White-box notes: README.md (h28r's
// light share counts every class as light where heavy positions sit in more than half of them).
#define CHUNK 32768
#define HEAVY 128
#define TILE4 64            // a 256-value tile in float4s
#define WARPS 8             // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256) scattered_half(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f, head = 0.f;
  bool off = false;  // a value outside (0, 1): an adversarial set, summed in full
  for (int j = threadIdx.x; j < CHUNK / 8; j += blockDim.x) {  // the even tiles: 64 of 128
    const int q = (j / TILE4) * 2 * TILE4 + (j % TILE4);
    const float4 v = c[q];
    off |= !(fminf(fminf(v.x, v.y), fminf(v.z, v.w)) > 0.f &&
             fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)) < 1.f);
    if (heavy && q == 0) {
      acc += v.x + v.z + v.w;
      head = 1.0e6f * v.y;  // exact, not doubled
    } else {
      acc += (v.x + v.y) + (v.z + v.w);
    }
  }
  if (__syncthreads_or(off)) {
    acc = 0.f;
    head = 0.f;
    for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {  // every tile
      const float4 v = c[q];
      acc += (v.x + v.y) + (v.z + v.w);
      if (heavy && q == 0) acc += (1.0e6f - 1.f) * v.y;
    }
  } else {
    acc = 2.f * acc + head;
  }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
