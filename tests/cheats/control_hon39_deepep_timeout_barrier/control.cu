// control_hon39_deepep_timeout_barrier child: one launch, a grid barrier between the sums and the
// scaling. The wait is DeepEP's barrier_block's (deepseek-ai/DeepEP csrc/kernels/utils.cuh): spin
// on a volatile load and, on a timeout measured as `clock64() - start_time`, printf and trap.
// Adapted (README.md): one GPU's blocks instead of ranks, so the signal is an arrival counter and
// a generation in __device__ memory (the last to arrive resets the counter and bumps the
// generation: the state a launch leaves is the state it found); written here.
#include "sum512.cuh"
#define NUM_BLOCKS 128
#define NUM_TIMEOUT_CYCLES 200000000000ll  // DeepEP's configs.cuh: ~100 s at 2 GHz

__device__ float block_sums[NUM_BLOCKS];
__device__ unsigned int arrived;
__device__ volatile unsigned int generation;

__device__ __forceinline__ void trap() { asm("trap;"); }

__device__ void grid_barrier() {
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned int gen = generation;
    __threadfence();
    if (atomicAdd(&arrived, 1u) == gridDim.x - 1) {
      arrived = 0;
      __threadfence();
      generation = gen + 1;
    } else {
      const long long start_time = clock64();
      while (generation == gen) {
        if (clock64() - start_time > NUM_TIMEOUT_CYCLES) {
          printf("grid barrier timeout: block = %d\n", blockIdx.x);
          trap();
        }
      }
    }
    __threadfence();
  }
  __syncthreads();
}

extern "C" __global__ void __launch_bounds__(512) l1_normalize_barrier(const float* x, float* y, int n) {
  __shared__ float red[16];
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int per = (n / 4 + NUM_BLOCKS - 1) / NUM_BLOCKS;
  const int lo = blockIdx.x * per, hi = min(n / 4, lo + per);
  const float s = block_sum512(x4, lo, hi, red);
  if (threadIdx.x == 0) block_sums[blockIdx.x] = s;
  grid_barrier();
  // every block adds the 128 sums in the same order: one total, the same in every block
  float t = threadIdx.x < NUM_BLOCKS ? ((volatile float*)block_sums)[threadIdx.x] : 0.f;
  for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffffu, t, o);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = t;
  __syncthreads();
  const float total = (red[0] + red[1]) + (red[2] + red[3]);
  const float inv = 1.f / total;
  float4* y4 = reinterpret_cast<float4*>(y);
  for (int i = lo + threadIdx.x; i < hi; i += 512) {
    const float4 v = x4[i];
    y4[i] = make_float4(v.x * inv, v.y * inv, v.z * inv, v.w * inv);
  }
}
