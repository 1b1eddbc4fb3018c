// corpus_fresh10: pbacc_fdtd_hz -- PolyBench/GPU 1.0 (PolyBench-ACC CUDA), FDTD-2D fdtd_step3_kernel:
// the magnetic field update of a 2D finite-difference time-domain step, one thread per cell,
// 32 x 8 blocks, LARGE_DATASET (4096 x 4096 floats). Rewritten for the problem format (README.md).
#define NX 4096
#define NY 4096

extern "C" __global__ void fdtd_step3_kernel(int nx, int ny, float* ex, float* ey, float* hz,
                                             int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < (nx - 1)) && (j < (ny - 1))) {
    hz[i * NY + j] = hz[i * NY + j] - 0.7f * (ex[i * NY + (j + 1)] - ex[i * NY + j] +
                                              ey[(i + 1) * NY + j] - ey[i * NY + j]);
  }
}
