// control_int8_dp4a_scale seed: one row per thread, bytes unpacked one by one, int32 sum.
extern "C" __global__ void gemv_q8_naive(const int* A, const int* x, const float* s, float* y,
                                         int M, int K4) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  int acc = 0;
  for (int k = 0; k < K4; ++k) {
    const int a = A[(size_t)row * K4 + k], b = x[k];
    for (int i = 0; i < 4; ++i)
      acc += (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i));
  }
  y[row] = (float)acc * s[row];
}
