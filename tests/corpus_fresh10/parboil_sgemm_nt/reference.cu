// float64 reference for corpus_fresh10 parboil_sgemm_nt (written for the corpus): C[row + col *
// ldc] = beta C + alpha sum_k A[row + k lda] B[col + k ldb], in double, one thread per element.
extern "C" __global__ void sgemm_nt_ref(const float* A, int lda, const float* B, int ldb, double* C,
                                        int ldc, int k, float alpha, float beta, int n) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y;
  if (row < lda && col < n) {
    double acc = 0.0;
    for (int q = 0; q < k; q++)
      acc += (double)A[row + (long long)q * lda] * (double)B[col + (long long)q * ldb];
    const long long o = row + (long long)col * ldc;
    C[o] = C[o] * (double)beta + (double)alpha * acc;
  }
}
