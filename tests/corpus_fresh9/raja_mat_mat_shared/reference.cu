// float64 reference for corpus_fresh9 raja_mat_mat_shared (written for the corpus): C = A B,
// N x N row-major, one element per thread.
extern "C" __global__ void mat_mat_ref(long long N, double* C, const double* A, const double* B) {
  const long long col = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long row = (long long)blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= N || col >= N) return;
  double s = 0.0;
  for (long long k = 0; k < N; ++k) s += A[row * N + k] * B[k * N + col];
  C[row * N + col] = s;
}
