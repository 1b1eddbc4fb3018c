// Reference for corpus_fresh23 hecb_expdist_bhattacharyya (written for the corpus): one thread per
// block of the kernel's grid, summing in float64 the 128 x 32 pairs that block covers:
// exp(-|a_i - b_j|^2 / (s_i + t_j)) with the points stored dimension-major (x of all points,
// then y).
extern "C" __global__ void expdist_ref(const float* A, const float* B, int m, int n,
                                       const float* sA, const float* sB, double* cross,
                                       int blocks_x, int blocks_y) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= blocks_x * blocks_y) return;
  const int bx = b % blocks_x, by = b / blocks_x;
  double s = 0.0;
  for (int ii = 0; ii < 128; ++ii) {
    const int i = bx * 128 + ii;
    if (i >= m) break;
    for (int jj = 0; jj < 32; ++jj) {
      const int j = by * 32 + jj;
      if (j >= n) break;
      const double dx = (double)A[i] - (double)B[j];
      const double dy = (double)A[m + i] - (double)B[n + j];
      s += exp(-(dx * dx + dy * dy) / ((double)sA[i] + (double)sB[j]));
    }
  }
  cross[b] = s;
}
