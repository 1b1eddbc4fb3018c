// Gathered-row FP32 GEMM seed, C = A[idx] B^T (tests/cheats/cheat_int8_quantised_fp32 and
// redteam9_scratch_int8_launder): 16x16 shared-memory tiles of the gathered A rows and of B's
// rows, FP32 FMAs.
#define GT 16
extern "C" __global__ void gather_gemm_tiled(const float* A, const float* B, const int* idx,
                                             float* C, int M, int N, int K) {
  __shared__ float As[GT][GT + 1], Bs[GT][GT + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * GT + ty, col = blockIdx.x * GT + tx;
  const int arow = row < M ? idx[row] : 0, brow = blockIdx.x * GT + ty;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += GT) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)arow * K + k0 + tx] : 0.f;
    Bs[ty][tx] = (brow < N && k0 + tx < K) ? B[(size_t)brow * K + k0 + tx] : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < GT; ++k) acc = fmaf(As[ty][k], Bs[tx][k], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
