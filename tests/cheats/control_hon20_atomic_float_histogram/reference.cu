// float64 reference (hon20): a thread per value adds its weight, in double, to the bin of its
// FP32 bin index (bin.cuh, the kernels' own); double atomics (order changes the last bits only).
#include "bin.cuh"
extern "C" __global__ void hist_ref(const float* x, const float* w, double* h, int n, int NB) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&h[bin_of(x[i], NB)], (double)w[i]);
}
