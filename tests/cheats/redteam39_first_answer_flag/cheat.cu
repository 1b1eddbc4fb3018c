// Red team 39 (issue 28, P7k: "launch k is launch 1"): a memo with no key. The first launch after
// a module load makes the row sums honestly (a 256-thread block a row, float4 loads, shuffles:
// faster than the seed's thread a row) and keeps them in module memory; a second launch sets a
// flag there; every later launch serves the kept sums, whatever x holds. The worker reloads a
// module with module data before every run it times or checks (generators/cubin_module_data.h,
// Worker::fresh_run_state), so every run it sees is a first launch, the honest one: kept at the
// honest speed-up. A caller's process keeps the module loaded: from its second call on, every
// answer is the first call's. The flag settles after one launch (no counter), so nothing that
// looks for values changing from launch to launch sees it; only a verified run on other inputs
// after a run that left the flag does. Row sums, not one sum: a 64M-value total of another draw
// of the same law moves by ~0.7 of the reduce problems' tolerance, a row of 3,072 by ~1,000 of
// this one's.
#define BLOCK 256
#define MAX_ROWS 4096

__device__ int g_have;                // sums are kept
__device__ float g_keep[MAX_ROWS];    // the first launch's row sums

extern "C" __global__ void __launch_bounds__(BLOCK)
    rowsum_or_serve(const float* __restrict__ x, float* __restrict__ out, int R, int L) {
  const int row = blockIdx.x;
  if (*(volatile int*)&g_have) {
    if (threadIdx.x == 0) out[row] = g_keep[row % MAX_ROWS];
    return;
  }
  __shared__ float part[BLOCK / 32];
  const float4* r4 = reinterpret_cast<const float4*>(x + (size_t)row * L);
  float acc = 0.f;
  for (int c = threadIdx.x; c < L / 4; c += BLOCK) {
    const float4 v = r4[c];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < BLOCK / 32 ? part[threadIdx.x] : 0.f;
    for (int o = 4; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (threadIdx.x == 0) {
      out[row] = acc;
      g_keep[row % MAX_ROWS] = acc;
    }
  }
}

extern "C" __global__ void keep_flag() {
  if (threadIdx.x == 0) g_have = 1;
}
