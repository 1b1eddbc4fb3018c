// corpus_fresh10: pbacc_bicg_kernel1 -- PolyBench/GPU 1.0 (PolyBench-ACC CUDA), BICG bicg_kernel1:
// s = A^T r for the BiCG sub-kernel, one thread per column j summing over the 4096 rows into
// s[j] in global memory; 256-thread blocks, STANDARD_DATASET (4096 x 4096 floats). Rewritten
// for the problem format (see README.md).
#define NX 4096
#define NY 4096

extern "C" __global__ void bicg_kernel1(int nx, int ny, float* A, float* r, float* s) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < ny) {
    s[j] = 0.0f;
    int i;
    for (i = 0; i < nx; i++) {
      s[j] += r[i] * A[i * NY + j];
    }
  }
}
