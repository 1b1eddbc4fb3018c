// float64 reference: C[m, n] = sum_k A[idx[m], k] B[n, k].
extern "C" __global__ void gather_gemm_ref(const float* A, const float* B, const int* idx,
                                           double* C, int M, int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y,
            col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  const float* a = A + (size_t)idx[row] * K;
  const float* b = B + (size_t)col * K;
  double acc = 0.0;
  for (int k = 0; k < K; ++k) acc = fma((double)a[k], (double)b[k], acc);
  C[(size_t)row * N + col] = acc;
}
