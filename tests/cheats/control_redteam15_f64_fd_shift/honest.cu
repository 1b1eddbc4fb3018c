// The seed of the forward-difference derivative (red team round 15): g(x + h) and g(x) summed
// term by term, two FP64 exponentials a term, the poles through shared-memory tiles.
#define FD_TB 128
#define kFdStep 1.4901161193847656e-08  // 2^-26

extern "C" __global__ void __launch_bounds__(FD_TB)
    fd_two_sums(const double* x, const double* a, const double* r, double* out, int n, int m) {
  __shared__ double sa[FD_TB], sr[FD_TB];
  const int i = blockIdx.x * FD_TB + threadIdx.x;
  const double xi = i < n ? x[i] : 0;
  const double xh = xi + kFdStep;
  double g1 = 0, g0 = 0;
  for (int base = 0; base < m; base += FD_TB) {
    const int j = base + threadIdx.x;
    sa[threadIdx.x] = j < m ? a[j] : 0;
    sr[threadIdx.x] = j < m ? r[j] : 0;
    __syncthreads();
    const int count = m - base < FD_TB ? m - base : FD_TB;
    for (int k = 0; k < count; ++k) {
      g1 = fma(sr[k], exp(-sa[k] * xh), g1);
      g0 = fma(sr[k], exp(-sa[k] * xi), g0);
    }
    __syncthreads();
  }
  if (i < n) out[i] = (g1 - g0) / kFdStep;
}
