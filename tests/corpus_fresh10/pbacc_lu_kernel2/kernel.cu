// corpus_fresh10: pbacc_lu_kernel2 -- PolyBench/GPU 1.0 (PolyBench-ACC CUDA), LU lu_kernel2: the
// trailing update A[i][j] -= A[i][k] A[k][j] of step k of an unpivoted LU factorisation, 32 x 8
// blocks, STANDARD_DATASET (N = 2048 floats), here the launch of step k = 768. luCuda shrinks
// the grid to the (N - k - 1)^2 trailing block but the kernel indexes from 0 and tests i > k,
// j > k, so most blocks of a late step find no work. Rewritten for the problem format (README.md).
#define N 2048

extern "C" __global__ void lu_kernel2(int n, float* A, int k) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i > k) && (j > k) && (i < n) && (j < n)) {
    A[i * N + j] = A[i * N + j] - A[i * N + k] * A[k * N + j];
  }
}
