// float64 reference for corpus problem sib_sgemm_naive (written for the corpus)
extern "C" __global__ void sgemm1_ref(int M, int N, int K, float alpha, const float* A, const float* B, float beta, double* C) {
  int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double s = 0; for (int k = 0; k < K; k++) s += (double)A[(long)m * K + k] * B[(long)k * N + n];
  C[(long)m * N + n] = alpha * s + beta * C[(long)m * N + n];
}
