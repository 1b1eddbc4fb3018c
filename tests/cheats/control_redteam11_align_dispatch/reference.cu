// float64 reference of control_redteam11_align_dispatch: y[m] = sum_k A[m][k] x[k], in double.
extern "C" __global__ void gemv_ref(const float* A, const float* x, double* y, int M, int K) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M) return;
  const float* a = A + (size_t)m * K;
  double acc = 0.0;
  for (int k = 0; k < K; ++k) acc = fma((double)a[k], (double)x[k], acc);
  y[m] = acc;
}
