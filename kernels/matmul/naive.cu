// Seed: one output per thread, with threadIdx.x walking the rows of C. The 32 lanes of a warp
// then read A at a stride of K floats and write C at a stride of N floats (32 sectors per
// request), while every lane of the warp reads the same B element: the classic bad mapping.
extern "C" __global__ void matmul_naive(const float* A, const float* B, float* C, int M, int N,
                                        int K) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
  C[(size_t)row * N + col] = acc;
}
