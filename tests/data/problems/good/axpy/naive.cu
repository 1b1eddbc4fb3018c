extern "C" __global__ void axpy_naive(const float* x, const float* y, float* out, float alpha,
                                      int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) out[i] = alpha * x[i] + y[i];
}
