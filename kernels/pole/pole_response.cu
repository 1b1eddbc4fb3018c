// The seed of the pole response (red team round 15): h[i] = sum_j r[j] * exp(p[j] * t[i]), one
// thread per output, the poles and residues through shared-memory tiles, the CUDA math
// library's FP64 exp.
#define PR_TB 128

extern "C" __global__ void __launch_bounds__(PR_TB)
    pole_response_tiled(const double* t, const double* p, const double* r, double* h, int n,
                        int m) {
  __shared__ double sp[PR_TB], sr[PR_TB];
  const int i = blockIdx.x * PR_TB + threadIdx.x;
  const double ti = i < n ? t[i] : 0;
  double acc = 0;
  for (int base = 0; base < m; base += PR_TB) {
    const int j = base + threadIdx.x;
    sp[threadIdx.x] = j < m ? p[j] : 0;
    sr[threadIdx.x] = j < m ? r[j] : 0;
    __syncthreads();
    const int count = m - base < PR_TB ? m - base : PR_TB;
    for (int k = 0; k < count; ++k) acc = fma(sr[k], exp(sp[k] * ti), acc);
    __syncthreads();
  }
  if (i < n) h[i] = acc;
}
