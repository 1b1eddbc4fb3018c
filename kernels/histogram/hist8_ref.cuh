// The FP64 reference of an 8-bin histogram (bin = x & 7) of n ints: per-block counts in shared
// memory (4096 elements a block), merged with one double atomicAdd per bin and block. Each value
// adds HIST_WEIGHT(v) to its bin. Sums below 2^53 are exact in double, so the result does not
// depend on the order of the merges. A whole kernel: the including reference defines
// HIST_REF_ENTRY (the entry's name) and HIST_WEIGHT(v) (tests/labelled atomic_histogram: 1;
// smem_histogram: 1 + (v >> 3), as its kernel weights them; issue 33: both wrote it out).
#pragma once

extern "C" __global__ void HIST_REF_ENTRY(const int* x, double* hist, int n) {
  __shared__ int local[8];
  if (threadIdx.x < 8) local[threadIdx.x] = 0;
  __syncthreads();
  const int base = blockIdx.x * 4096;
  for (int k = threadIdx.x; k < 4096; k += blockDim.x)
    if (base + k < n) atomicAdd(&local[x[base + k] & 7], HIST_WEIGHT(x[base + k]));
  __syncthreads();
  if (threadIdx.x < 8) atomicAdd(&hist[threadIdx.x], (double)local[threadIdx.x]);
}
