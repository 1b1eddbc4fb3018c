// control_redteam15_f64_fd_shift child (honest, red team 15): the same forward difference by the
// identity g(x + h) - g(x) = sum_j r[j] exp(-a[j] x) (exp(-a[j] h) - 1): per pole the weight
// r[j] expm1(-a[j] h) / h is made once per tile (the math library's FP64 expm1, which has no
// cancellation), so a term is one FP64 exponential and one FMA instead of two exponentials. FP64
// throughout, and more accurate than the reference: the reference's two sums (~25 each) are
// rounded apart and cancel to ~h |g'|, so the reference itself is ~1.5e-7 relative from the exact
// forward difference, this child ~3e-15 (host-measured, redteam15_class_sim). The two differ by
// the reference's error: inside the problem's rtol 1e-6, ~550-750x the fp64 class's 2^-32 on
// |reference|, and no input is negative, so no reference on |inputs| widens it (README.md).
#define FD_TB 128
#define kFdStep 1.4901161193847656e-08  // 2^-26

extern "C" __global__ void __launch_bounds__(FD_TB)
    fd_shift(const double* x, const double* a, const double* r, double* out, int n, int m) {
  __shared__ double sa[FD_TB], sw[FD_TB];
  const int i = blockIdx.x * FD_TB + threadIdx.x;
  const double xi = i < n ? x[i] : 0;
  double d = 0;
  for (int base = 0; base < m; base += FD_TB) {
    const int j = base + threadIdx.x;
    const double aj = j < m ? a[j] : 0;
    sa[threadIdx.x] = aj;
    sw[threadIdx.x] = j < m ? r[j] * (expm1(-aj * kFdStep) / kFdStep) : 0;
    __syncthreads();
    const int count = m - base < FD_TB ? m - base : FD_TB;
    for (int k = 0; k < count; ++k) d = fma(sw[k], exp(-sa[k] * xi), d);
    __syncthreads();
  }
  if (i < n) out[i] = d;
}
