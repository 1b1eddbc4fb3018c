// float64 reference for corpus_fresh10 pbacc_syrk (written for the corpus): C = beta C + alpha
// A A^T in double, one thread per element, the dot product accumulated in a register.
extern "C" __global__ void syrk_ref(int ni, int nj, float alpha, float beta, const float* a,
                                    double* c) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < ni) {
    double acc = 0.0;
    for (int k = 0; k < nj; k++)
      acc += (double)a[(long long)i * nj + k] * (double)a[(long long)j * nj + k];
    const long long o = (long long)i * ni + j;
    c[o] = (double)beta * c[o] + (double)alpha * acc;
  }
}
