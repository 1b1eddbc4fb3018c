// float64 reference of the W8A8 GEMM: the int8 products summed exactly, scaled in double.
__device__ double dot4_w8(int a, int b) {
  double s = 0.0;
  for (int i = 0; i < 4; ++i)
    s += (double)(signed char)(a >> (8 * i)) * (double)(signed char)(b >> (8 * i));
  return s;
}
extern "C" __global__ void w8a8_ref(const int* A, const int* B, const float* sa, const float* sb,
                                    double* C, int M, int N, int K4) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y,
            col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  double acc = 0.0;
  for (int k = 0; k < K4; ++k) acc += dot4_w8(A[(size_t)row * K4 + k], B[(size_t)col * K4 + k]);
  C[(size_t)row * N + col] = acc * (double)sa[row] * (double)sb[col];
}
