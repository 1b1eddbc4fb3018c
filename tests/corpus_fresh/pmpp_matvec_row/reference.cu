// float64 reference for corpus_fresh problem pmpp_matvec_row (written for the corpus)
extern "C" __global__ void matvec_ref(double* A, const float* B, const float* C, int M, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= M) return;
  double s = 0;
  for (int j = 0; j < N; ++j) s += (double)B[(long)i * N + j] * (double)C[j];
  A[i] = s;
}
