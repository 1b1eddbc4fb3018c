// float64 reference for corpus_fresh9 raja_poly_gemm_f64 (written for the corpus): C[i][j] =
// sum_k alpha A[i][k] B[k][j] (the suite's body scales C by beta and then overwrites it).
extern "C" __global__ void poly_gemm_ref(double* C, const double* A, const double* B, double alpha,
                                         long long ni, long long nj, long long nk) {
  const long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long i = (long long)blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= ni || j >= nj) return;
  double s = 0.0;
  for (long long k = 0; k < nk; ++k) s += alpha * A[i * nk + k] * B[k * nj + j];
  C[i * nj + j] = s;
}
