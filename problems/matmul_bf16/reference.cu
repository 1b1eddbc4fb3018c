// Float64 reference: C = A.B^T, A [M, K] and B [N, K] in BF16 (read as bits), double
// accumulation (a product of two bf16 values is exact in double), 16x16 shared-memory tiles with
// bounds checks so any M, N, K works.
#define RT 16
__device__ __forceinline__ double bf(unsigned short h) {
  return (double)__uint_as_float((unsigned)h << 16);
}

extern "C" __global__ void matmul_bf16_ref(const unsigned short* A, const unsigned short* B,
                                           double* C, int M, int N, int K) {
  __shared__ double As[RT][RT + 1];  // As[m][k]
  __shared__ double Bs[RT][RT + 1];  // Bs[n][k]
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * RT + ty, col = blockIdx.x * RT + tx;
  const int brow = blockIdx.x * RT + ty;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += RT) {
    As[ty][tx] = (row < M && k0 + tx < K) ? bf(A[(size_t)row * K + k0 + tx]) : 0.0;
    Bs[ty][tx] = (brow < N && k0 + tx < K) ? bf(B[(size_t)brow * K + k0 + tx]) : 0.0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < RT; ++k) acc = fma(As[ty][k], Bs[tx][k], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
