// An FP64 Coulomb sum stored as float32 (red team round 15): out[i] = (float) sum_j w[j] phi(d2),
// d2 = (x[i] - y[j])^2 + 1e-4, summed in FP64, rounded once to FP32 at the store. The tiled loop
// is shared by the seed and the cheat; each names its own phi.
#pragma once
#define C32_TB 128
#define kC32Eps 1.0e-4

template <typename Phi>
__device__ __forceinline__ void coulomb_f32out_tiled(const double* x, const double* y,
                                                     const double* w, float* out, int n, int m,
                                                     Phi phi) {
  __shared__ double sy[C32_TB], sw[C32_TB];
  const int i = blockIdx.x * C32_TB + threadIdx.x;
  const double xi = i < n ? x[i] : 0;
  double acc = 0;
  for (int t = 0; t < m; t += C32_TB) {
    const int j = t + threadIdx.x;
    sy[threadIdx.x] = j < m ? y[j] : 0;
    sw[threadIdx.x] = j < m ? w[j] : 0;
    __syncthreads();
    const int count = m - t < C32_TB ? m - t : C32_TB;
    for (int k = 0; k < count; ++k) {
      const double d = xi - sy[k];
      acc = fma(sw[k], phi(fma(d, d, kC32Eps)), acc);
    }
    __syncthreads();
  }
  if (i < n) out[i] = __double2float_rn(acc);
}
