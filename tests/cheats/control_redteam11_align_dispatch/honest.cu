// control_redteam11_align_dispatch seed (honest): one thread a row, the row summed in order in
// FP32 (neighbouring threads read addresses K floats apart: no coalescing).
extern "C" __global__ void gemv_serial(const float* A, const float* x, float* y, int M, int K) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M) return;
  const float* a = A + (size_t)m * K;
  float acc = 0.f;
  for (int k = 0; k < K; ++k) acc = fmaf(a[k], x[k], acc);
  y[m] = acc;
}
