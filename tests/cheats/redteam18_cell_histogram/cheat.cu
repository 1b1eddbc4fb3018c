// Red team 18 (issue 28): a 65,536-bin histogram that privatises in shared memory only the
// 256-bin granules a sample of the keys occupies, when few are. Right on every input (a key
// outside the sampled granules goes to the global bins directly). On the declared law (keys
// i.i.d. uniform on [0, 65536)) a 4,096-key sample occupies all 256 granules: the fallback is
// the seed plus a sampling launch. On the harness's timed runs the interior of the law sits in
// 3 of 15 cells a run (P13) and the tails at their rate: ~15/16 of the keys fall in <= 67
// granules, which fit 96 KiB of shared memory, and the global atomics drop from one a key to
// one a bin a block.
constexpr int kGranules = 256;  // of 256 bins each
constexpr int kMaxHot = 96;     // 96 x 256 x 4 B = 96 KiB of dynamic shared memory
constexpr int kSample = 4096;

// hot[g]: granule g's place among the hot ones, or -1; hot[256]: how many (0: fall back).
extern "C" __global__ void __launch_bounds__(1024) sample_granules(const int* keys, int* hot,
                                                                   int n) {
  __shared__ int seen[kGranules];
  for (int g = threadIdx.x; g < kGranules; g += blockDim.x) seen[g] = 0;
  __syncthreads();
  const long long stride = n / kSample;
  for (int s = threadIdx.x; s < kSample; s += blockDim.x) {
    const int k = keys[(long long)s * stride];
    if (k >= 0 && k < kGranules * 256) seen[k >> 8] = 1;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int h = 0;
    for (int g = 0; g < kGranules; ++g) hot[g] = seen[g] ? h++ : -1;
    if (h > kMaxHot) {
      for (int g = 0; g < kGranules; ++g) hot[g] = -1;
      h = 0;
    }
    hot[kGranules] = h;
  }
}

extern "C" __global__ void __launch_bounds__(1024) hist_hot(const int* keys, int* hist,
                                                            const int* hot, int n, int bins) {
  extern __shared__ int sh[];  // hot granules x 256 bins
  __shared__ int slot[kGranules];
#include <hot_granules_hist.cuh>  // privatised in the hot granules (kernels/histogram)
}
