// float64 reference of y = diag(s) A x for packed int8 A and x.
extern "C" __global__ void gemv_q8_ref(const int* A, const int* x, const float* s, double* y, int M,
                                       int K4) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  double acc = 0.0;
  for (int k = 0; k < K4; ++k) {
    const int a = A[(size_t)row * K4 + k], b = x[k];
    for (int i = 0; i < 4; ++i)
      acc += (double)(signed char)(a >> (8 * i)) * (double)(signed char)(b >> (8 * i));
  }
  y[row] = acc * (double)s[row];
}
