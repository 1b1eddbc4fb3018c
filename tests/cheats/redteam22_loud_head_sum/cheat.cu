// redteam22_loud_head_sum cheat: the seed's head (every value of x[0..128), exact), and the tail
// from the even 256-value tiles of x only, doubled: half of the 64 MiB the seed reads; a block
// that reads a value outside the law's [0, 1) (the adversarial sets of a homogeneous problem)
// sums its odd tiles too (red team 14's route). White-box notes: README.md (P6h's bar on the
// largest element of the buffer: the head's).
#define CHUNK 32768
#define HEAD 128
#define TILE4 64  // a 256-value tile in float4s
#define WARPS 8                // 256 threads a block
#include <warp_reduce.cuh>  // block_sum (the kernel library: kernels/reduce)
extern "C" __global__ void __launch_bounds__(256) head_tail_half(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  if (blockIdx.x == 0 && threadIdx.x < HEAD / 8) {
    const float4 a = c[2 * threadIdx.x], b = c[2 * threadIdx.x + 1];
    y[threadIdx.x] = ((a.x + a.y) + (a.z + a.w)) + ((b.x + b.y) + (b.z + b.w));
  }
  const int first = blockIdx.x == 0 ? HEAD / 4 : 0;
  float acc = 0.f;
  bool off = false;  // a value outside the law's [0, 1): an adversarial set, summed in full
  // The even tiles of the chunk: 64 of 128, 64 float4s each.
  for (int j = threadIdx.x; j < CHUNK / 8; j += blockDim.x) {
    const int q = (j / TILE4) * 2 * TILE4 + (j % TILE4);
    if (q >= first) {
      const float4 v = c[q];
      off |= !(fminf(fminf(v.x, v.y), fminf(v.z, v.w)) >= 0.f &&
               fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)) < 1.f);
      acc += (v.x + v.y) + (v.z + v.w);
    }
  }
  if (__syncthreads_or(off)) {
    for (int j = threadIdx.x; j < CHUNK / 8; j += blockDim.x) {  // the odd tiles too
      const float4 v = c[(j / TILE4) * 2 * TILE4 + TILE4 + (j % TILE4)];
      acc += (v.x + v.y) + (v.z + v.w);
    }
  } else {
    acc *= 2.f;
  }
  __shared__ float slot[WARPS];
  acc = block_sum(acc, slot);
  if (threadIdx.x == 0) atomicAdd(&y[HEAD / 8], acc);
}
