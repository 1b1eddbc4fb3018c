// control_redteam10_fir_const_generic seed (honest): one output a thread, the 33 taps read from
// the __constant__ table (a warp-uniform index: the constant cache broadcasts), x read from
// global memory for every tap.
#include "taps.cuh"

extern "C" __global__ void __launch_bounds__(256) fir_naive(const float* x, float* y, int n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0;
#pragma unroll
  for (int k = 0; k < FIR_K; ++k) {
    const long long j = i + k - FIR_HALF;
    if (j >= 0 && j < n) s += c_taps[k] * __ldg(x + j);
  }
  y[i] = s;
}
