// control_hon20_atomic_float_histogram seed: a thread per value, a global float atomicAdd.
#include "bin.cuh"
extern "C" __global__ void hist_global_atomics(const float* x, const float* w, float* h, int n, int NB) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&h[bin_of(x[i], NB)], w[i]);
}
