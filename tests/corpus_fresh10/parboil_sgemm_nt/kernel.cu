// corpus_fresh10: parboil_sgemm_nt -- Parboil (UIUC IMPACT) sgemm, mysgemmNT: C = alpha A B^T +
// beta C with A column-major (lda = m) and B^T stored k-major (ldb = n), after Volkov's register-
// tiled SGEMM: each thread owns one row m and TILE_N = 32 columns of C in registers, a block of
// TILE_N x TILE_TB_HEIGHT = 32 x 16 threads covers TILE_M = 512 rows, B staged 16 k at a time in
// shared memory. The defaults of Parboil's opencl_nvidia kernel, in CUDA. Rewritten (README.md).
#define TILE_N 32
#define TILE_TB_HEIGHT 16
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

extern "C" __global__ void mysgemmNT(const float* A, int lda, const float* B, int ldb, float* C,
                                     int ldc, int k, float alpha, float beta) {
  // Partial results
  float c[TILE_N];
  for (int i = 0; i < TILE_N; i++) c[i] = 0.0f;

  int mid = threadIdx.y * blockDim.x + threadIdx.x;
  int m = blockIdx.x * TILE_M + mid;
  int n = blockIdx.y * TILE_N + threadIdx.x;

  __shared__ float b_s[TILE_TB_HEIGHT * TILE_N];
  for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
    float a;
    b_s[threadIdx.x + threadIdx.y * TILE_N] = B[n + (i + threadIdx.y) * ldb];
    __syncthreads();
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      a = A[m + (i + j) * lda];
      for (int kk = 0; kk < TILE_N; kk++) c[kk] += a * b_s[j * TILE_N + kk];
    }
    __syncthreads();
  }

  int t = ldc * blockIdx.y * TILE_N + m;
  for (int i = 0; i < TILE_N; i++) C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}
