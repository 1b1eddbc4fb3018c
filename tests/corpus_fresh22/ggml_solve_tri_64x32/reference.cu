// Reference for corpus_fresh22 ggml_solve_tri_64x32 (written for the corpus): forward
// substitution in float64, one thread per (system, right-hand side): x_r = (b_r - sum_{j<r}
// L[r][j] x_j) / L[r][r] (0 where the diagonal is 0, as the kernel), the lower triangle and the
// diagonal of each 64 x 64 row-major A read, its upper triangle ignored; B and X row-major 64 x 32.
extern "C" __global__ void solve_tri_ref(const float* A, const float* B, double* X, int batches) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batches * 32) return;
  const int s = t / 32;
  const int c = t % 32;
  const float* a = A + (long long)s * 64 * 64;
  const float* b = B + (long long)s * 64 * 32;
  double* x = X + (long long)s * 64 * 32;
  for (int r = 0; r < 64; ++r) {
    double sum = 0.0;
    for (int j = 0; j < r; ++j) sum += (double)a[r * 64 + j] * x[j * 32 + c];
    const double d = (double)a[r * 64 + r];
    x[r * 32 + c] = d != 0.0 ? ((double)b[r * 32 + c] - sum) / d : 0.0;
  }
}
