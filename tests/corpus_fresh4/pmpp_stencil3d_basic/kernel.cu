// corpus_fresh4: pmpp_stencil3d_basic -- from Hwu, Kirk & El Hajj, "Programming Massively Parallel
// Processors" (4th ed., Morgan Kaufmann 2022), ch. 8 "Stencil", the basic seven-point stencil
// kernel (one output grid point per thread, every input read from global memory)
// license: textbook listing, used as test material with attribution; written here in the
// book's form
// adapted: extern "C"; the book's coefficients c0..c6 given values here (a diffusion step:
// the centre weight and six equal neighbour weights); launched with 8x8x8 blocks, the book's
// tile size for its 3D stencil kernels
#define c0 0.5f
#define c1 (1.0f / 12.0f)
#define c2 (1.0f / 12.0f)
#define c3 (1.0f / 12.0f)
#define c4 (1.0f / 12.0f)
#define c5 (1.0f / 12.0f)
#define c6 (1.0f / 12.0f)

extern "C" __global__ void stencil_kernel(float* in, float* out, unsigned int N) {
  unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
    out[i * N * N + j * N + k] =
        c0 * in[i * N * N + j * N + k] + c1 * in[i * N * N + j * N + (k - 1)] +
        c2 * in[i * N * N + j * N + (k + 1)] + c3 * in[i * N * N + (j - 1) * N + k] +
        c4 * in[i * N * N + (j + 1) * N + k] + c5 * in[(i - 1) * N * N + j * N + k] +
        c6 * in[(i + 1) * N * N + j * N + k];
  }
}
