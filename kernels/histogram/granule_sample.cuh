// Red team 18's granule sample (tests/cheats/redteam18_cell_histogram, and
// redteam19_law_garbage_hist's launch 1; `kernels: [histogram]`): kGranules granules of 256 bins,
// at most kMaxHot of them privatised (96 KiB of shared memory), a kSample-key sample; the kernel
// sample_granules marks the granules the sample occupies (hot[g]: the granule's place among the
// hot ones, or -1; hot[kGranules]: how many, 0 when more than kMaxHot: fall back), then runs the
// includer's GRANULE_SAMPLE_TAIL (statements, or nothing) in the same thread.
#pragma once
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
    GRANULE_SAMPLE_TAIL
  }
}
