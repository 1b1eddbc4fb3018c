// float64 reference of control_redteam10_fir_const_generic: the binomial taps exactly
// (C(32, k) / 2^32 in double), the centred sum in double, zero outside [0, n).
#include "taps.cuh"

extern "C" __global__ void fir_ref(const float* x, double* y, int n) {
  double h[FIR_K];
  double c = 1;  // C(32, k), exact in double
  for (int k = 0; k < FIR_K; ++k) {
    h[k] = c * 0x1.0p-32;
    c = c * (double)(32 - k) / (double)(k + 1);
  }
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    double s = 0;
    for (int k = 0; k < FIR_K; ++k) {
      const long long j = i + k - FIR_HALF;
      if (j >= 0 && j < n) s += h[k] * (double)x[j];
    }
    y[i] = s;
  }
}
