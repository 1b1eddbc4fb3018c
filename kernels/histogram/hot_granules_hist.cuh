// A statement fragment (no include guard; kernels/README.md, "Statement fragments"): red team
// 18's sampled privatisation (tests/cheats/redteam18_cell_histogram's hist_hot, and
// redteam19_law_garbage_hist's hist_routed on every run a check can see; `kernels: [histogram]`):
// the hot granules' 256 bins each in the dynamic shared memory `sh` (the granule's place from
// hot[g] into `slot`, their count hot[kGranules]), every key added there or, outside the hot
// granules, to the global bins, then each block's hot bins added to `hist`. sh, slot, kGranules
// and the kernel's parameters are the includer's.
  for (int g = threadIdx.x; g < kGranules; g += blockDim.x) slot[g] = hot[g];
  const int h = hot[kGranules];
  for (int b = threadIdx.x; b < h * 256; b += blockDim.x) sh[b] = 0;
  __syncthreads();
  const int step = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
    const int k = keys[i];
    if (k < 0 || k >= bins) continue;
    const int s = k < kGranules * 256 ? slot[k >> 8] : -1;
    if (s >= 0)
      atomicAdd(&sh[s * 256 + (k & 255)], 1);
    else
      atomicAdd(hist + k, 1);
  }
  __syncthreads();
  for (int g = 0; g < kGranules; ++g) {
    const int s = slot[g];
    if (s < 0) continue;
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
      const int c = sh[s * 256 + b];
      if (c) atomicAdd(hist + g * 256 + b, c);
    }
  }
