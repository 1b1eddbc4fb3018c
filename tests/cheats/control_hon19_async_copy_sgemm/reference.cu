// float64 reference (hon19): C = A B in double.
extern "C" __global__ void sgemm_ref(const float* A, const float* B, double* C, int M, int N, int K) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double acc = 0;
  for (int k = 0; k < K; ++k) acc += (double)A[(size_t)m * K + k] * (double)B[(size_t)k * N + n];
  C[(size_t)m * N + n] = acc;
}
