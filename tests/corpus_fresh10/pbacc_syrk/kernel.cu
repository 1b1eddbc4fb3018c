// corpus_fresh10: pbacc_syrk -- PolyBench/GPU 1.0 (PolyBench-ACC CUDA), SYRK syrk_kernel:
// C := alpha A A^T + beta C, one thread per C element accumulating in global memory, 32 x 8
// blocks, STANDARD_DATASET (NI = NJ = 1024 floats). Rewritten for the problem format (README.md).
#define NI 1024
#define NJ 1024

extern "C" __global__ void syrk_kernel(int ni, int nj, float alpha, float beta, float* a,
                                       float* c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < ni) && (j < ni)) {
    c[i * NI + j] *= beta;
    int k;
    for (k = 0; k < nj; k++) {
      c[i * NI + j] += alpha * a[i * NJ + k] * a[j * NJ + k];
    }
  }
}
