// Reference: C[m, n] = sum_k A[m, k] B[n, k] over int8 values held one per int32, exact in a
// 64-bit sum (|C| <= 4096 x 128^2 = 2^26), written as float64 as every reference's output is
// (the harness reads a reference's outputs as doubles; exact below 2^53).
extern "C" __global__ void int8_rows_ref(const int* A, const int* B, double* C, int M, int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y,
            col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  long long acc = 0;
  for (int k = 0; k < K; ++k) acc += (long long)A[(size_t)row * K + k] * B[(size_t)col * K + k];
  C[(size_t)row * N + col] = (double)acc;
}
