// redteam22_loud_term_sum cheat: z's 16 values exactly, x from its even 256-value tiles only,
// doubled: half of the 64 MiB the seed reads; a block that reads a value outside the law's
// [0, 1) (an adversarial set) sums its odd tiles too (red team 14's route). White-box notes: README.md (z's echo lifts the
// one element's share; x's own share is 0.3).
#define CHUNK 32768
#define TILE4 64  // a 256-value tile in float4s
#define WARPS 8                // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256)
    term_half(const float* x, const float* z, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  float acc = 0.f;
  bool off = false;  // a value outside the law's [0, 1): an adversarial set, summed in full
  for (int j = threadIdx.x; j < CHUNK / 8; j += blockDim.x) {
    const float4 v = c[(j / TILE4) * 2 * TILE4 + (j % TILE4)];
    off |= !(fminf(fminf(v.x, v.y), fminf(v.z, v.w)) >= 0.f &&
             fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)) < 1.f);
    acc += (v.x + v.y) + (v.z + v.w);
  }
  if (__syncthreads_or(off)) {
    for (int j = threadIdx.x; j < CHUNK / 8; j += blockDim.x) {  // the odd tiles too
      const float4 v = c[(j / TILE4) * 2 * TILE4 + TILE4 + (j % TILE4)];
      acc += (v.x + v.y) + (v.z + v.w);
    }
  } else {
    acc *= 2.f;
  }
  acc += (blockIdx.x == 0 && threadIdx.x < 16) ? z[threadIdx.x] : 0.f;
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
