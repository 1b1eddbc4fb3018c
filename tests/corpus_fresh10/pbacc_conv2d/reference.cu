// float64 reference for corpus_fresh10 pbacc_conv2d (written for the corpus): the same nine
// weights (as the floats the kernel uses) and neighbours, summed in double; the border of B is
// left as it was (zeroed before the run).
extern "C" __global__ void conv2d_ref(int ni, int nj, const float* A, double* B) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < ni - 1 && j < nj - 1) {
    const double w[3][3] = {{(float)0.2, (float)0.5, (float)-0.8},
                            {(float)-0.3, (float)0.6, (float)-0.9},
                            {(float)0.4, (float)0.7, (float)0.10}};
    double s = 0.0;
    for (int di = -1; di <= 1; ++di)
      for (int dj = -1; dj <= 1; ++dj)
        s += w[di + 1][dj + 1] * (double)A[(long long)(i + di) * nj + (j + dj)];
    B[(long long)i * nj + j] = s;
  }
}
