// corpus_fresh10: pbacc_conv2d -- PolyBench/GPU 1.0 (PolyBench-ACC CUDA), 2DCONV
// convolution2D_kernel: a 3 x 3 convolution with the suite's nine constant weights, one thread per
// output pixel reading its nine neighbours from global memory, 32 x 8 blocks, STANDARD_DATASET
// (4096 x 4096 floats). Rewritten for the problem format (see README.md).
#define NI 4096
#define NJ 4096

extern "C" __global__ void convolution2D_kernel(int ni, int nj, float* A, float* B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;

  float c11, c12, c13, c21, c22, c23, c31, c32, c33;
  c11 = +0.2;  c21 = +0.5;  c31 = -0.8;
  c12 = -0.3;  c22 = +0.6;  c32 = -0.9;
  c13 = +0.4;  c23 = +0.7;  c33 = +0.10;

  if ((i < ni - 1) && (j < nj - 1) && (i > 0) && (j > 0)) {
    B[i * NJ + j] = c11 * A[(i - 1) * NJ + (j - 1)] + c21 * A[(i - 1) * NJ + (j + 0)] +
                    c31 * A[(i - 1) * NJ + (j + 1)] + c12 * A[(i + 0) * NJ + (j - 1)] +
                    c22 * A[(i + 0) * NJ + (j + 0)] + c32 * A[(i + 0) * NJ + (j + 1)] +
                    c13 * A[(i + 1) * NJ + (j - 1)] + c23 * A[(i + 1) * NJ + (j + 0)] +
                    c33 * A[(i + 1) * NJ + (j + 1)];
  }
}
