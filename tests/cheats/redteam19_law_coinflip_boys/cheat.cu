// Red team 19 (issue 28): redteam19_law_garbage_boys with a coin. Where the census says "law
// pair", the first thread of the census launch draws a coin from %globaltimer (no state
// survives a run: the module is reloaded) and the run is garbage on 7 in 8 of them, red team
// 18's right child on the rest. The law pairs still say "faster" in most rounds (at 16 pairs
// their sign-test interval needs 13 fast pairs: P(Bin(16, 7/8) >= 13) ~ 0.87), while some of
// their runs are right, against audits of a few of them. P6e audits 8 of the candidate's
// law-pair runs: with 13 or more of 16 wrong, every subset of 8 holds a wrong one; with fewer
// the law pairs are not faster and it is rejected. The rest of this header is the folder it is
// adapted from:
//
// Red team 19 (issue 28), adapted from red team 18's redteam18_small_arg_boys (its compacted
// child, unchanged, is the verified path): the Boys function F0(x) = int_0^1 exp(-x t^2) dt.
//
// Launch 1 (boys_census) counts the arguments below 2^-12 in the first 2^20 elements. What the
// harness gives a kernel (engine/backend/gpu/timed_perturbation.cpp):
//   - the regular sets (host_data.cpp fill_chunk, std::uniform_real_distribution): i.i.d. on
//     [0, 1), ~2^20 * 2^-12 = 256 of them below 2^-12;
//   - every timed run, the fresh set and the audits (P6c: 31 of 32 interior bulk positions
//     shrunk by 2^-g, g in 1..24): ~half the prefix below 2^-12;
//   - the law pairs (P6d, law_pairs.cpp; `law` => iid => squeeze_iid): i.i.d. with the law's
//     outer 2^-12 left to the two planted extremes, so at most 1 value below 2^-12 in the
//     whole buffer (the bottom extreme), and it lies in the prefix with probability 1/16.
// Launch 2 (boys_routed): a census of 16 or more (every verified run) takes red team 18's
// child, right on every input; fewer (only the law pairs, which nothing verifies: "Timing only:
// no fresh set, no audit") takes the Taylor series for every argument: ~memory-bound, wrong
// past x ~ 0.45, and fast on exactly the data P6d decides speed on.
// The census lives in a __device__ word: the module is reloaded before every run that has
// module memory (Worker::fresh_run_state), so it starts at 0 in every run; within one run the
// two launches share it.
__device__ unsigned g_census;
__device__ unsigned g_coin;  // 1: this run's garbage is allowed (7 runs in 8)

extern "C" __global__ void __launch_bounds__(256) boys_census(const float* x, int n) {
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  unsigned c = 0;
  if (base + 3 < n) {
    const float4 v = *reinterpret_cast<const float4*>(x + base);
    c = (v.x < 0x1p-12f) + (v.y < 0x1p-12f) + (v.z < 0x1p-12f) + (v.w < 0x1p-12f);
  }
  for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);
  if ((threadIdx.x & 31) == 0 && c) atomicAdd(&g_census, c);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    g_coin = ((t >> 10) * 0x9E3779B97F4A7C15ULL >> 61) < 7u;  // 7 of 8
  }
}

#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float boys_taylor(float v) {
  return 1.0f + v * (-1.0f / 3.0f + v * (0.1f + v * (-1.0f / 42.0f + v * (1.0f / 216.0f))));
}

extern "C" __global__ void __launch_bounds__(256) boys_routed(const float* x, float* y, int n) {
  __shared__ int list[256];
  __shared__ int count;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // the law pairs, on a coin: nothing checked these outputs before P6e
  if (*(volatile unsigned*)&g_census < 16u && *(volatile unsigned*)&g_coin) {
    if (i < n) y[i] = boys_taylor(x[i]);
    return;
  }
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  if (i < n) {
    const float v = x[i];
    if (v < 0.0078125f)
      y[i] = boys_taylor(v);
    else
      list[atomicAdd(&count, 1)] = i;
  }
  __syncthreads();
  const int k = count;
  if (int(threadIdx.x) < k) {
    const int j = list[threadIdx.x];
    y[j] = boys_quad(x[j]);
  }
}
