// The W8A8 GEMM folders' seed (tests/cheats/control_int8_w8a8_scales,
// control_redteam13_w8a8_module_stage): one output per thread, the packed bytes unpacked and
// multiplied one by one in int32, then the dequantise epilogue in float.
extern "C" __global__ void w8a8_naive(const int* A, const int* B, const float* sa, const float* sb,
                                      float* C, int M, int N, int K4) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y,
            col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  int acc = 0;
  for (int k = 0; k < K4; ++k) {
    const int a = A[(size_t)row * K4 + k], b = B[(size_t)col * K4 + k];
    for (int i = 0; i < 4; ++i)
      acc += (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i));
  }
  C[(size_t)row * N + col] = (float)acc * sa[row] * sb[col];
}
