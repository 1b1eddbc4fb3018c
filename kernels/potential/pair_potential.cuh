// Pair potentials in FP64 (red team round 13, issue 28): out[i] = sum_j w[j] * phi(d2), with
// d2 = (x[i] - y[j])^2 + kPotentialEps, for every i < n over every j < m. Every term is
// positive, so a sum's relative error is at most its terms' largest. The tiled loop is shared by
// the seeds and the red team's children; each names its own phi.
#pragma once
#define POT_TB 128
#define kPotentialEps 1.0e-4

// One thread per output, the y and w values through shared-memory tiles of POT_TB.
template <typename Phi>
__device__ __forceinline__ void pair_potential_tiled(const double* x, const double* y,
                                                     const double* w, double* out, int n, int m,
                                                     Phi phi) {
  __shared__ double sy[POT_TB], sw[POT_TB];
  const int i = blockIdx.x * POT_TB + threadIdx.x;
  const double xi = i < n ? x[i] : 0;
  double acc = 0;
  for (int t = 0; t < m; t += POT_TB) {
    const int j = t + threadIdx.x;
    sy[threadIdx.x] = j < m ? y[j] : 0;
    sw[threadIdx.x] = j < m ? w[j] : 0;
    __syncthreads();
    const int count = m - t < POT_TB ? m - t : POT_TB;
    for (int k = 0; k < count; ++k) {
      const double d = xi - sy[k];
      acc = fma(sw[k], phi(fma(d, d, kPotentialEps)), acc);
    }
    __syncthreads();
  }
  if (i < n) out[i] = acc;
}
