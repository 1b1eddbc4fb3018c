// Fault: the first warp also stores with a wrong stride, 2^42 elements (16 TiB) past y, far
// outside any allocation. The store depends on n (a runtime value), so it cannot be folded
// away; the result is an illegal-address error that poisons the whole CUDA context (sticky).
extern "C" __global__ void faults_oob_write(const float* x, const double* a, const double* w, const double* b,
                                           float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
  if (i < 32) {
    const unsigned long long bad_stride = (unsigned long long)n << 18;  // 2^24 << 18 = 2^42
    y[bad_stride + (unsigned long long)i] = 1.0f;
  }
}
