// Float64 reference GEMM: C = A·B with double accumulation (a product of two floats is exact in
// double), 16x16 shared-memory tiles with bounds checks so any M, N, K works. Kept once for the
// matmul, matmul_1024 (kernels/matmul/reference.cu), sgemm_2048 and batched_gemm references
// (issue 33): the including file names the kernel (GEMM_REF_ENTRY) and defines GEMM_BATCHED for
// torch.bmm's layout (blockIdx.z the batch).
#define RT 16
extern "C" __global__ void GEMM_REF_ENTRY(const float* A, const float* B, double* C, int M, int N,
                                          int K) {
#ifdef GEMM_BATCHED
  // torch.bmm: blockIdx.z is the batch; each batch is a contiguous M x K, K x N, M x N matrix.
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif
  __shared__ double As[RT][RT];
  __shared__ double Bs[RT][RT + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * RT + ty, col = blockIdx.x * RT + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += RT) {
    As[ty][tx] = (row < M && k0 + tx < K) ? (double)A[(size_t)row * K + k0 + tx] : 0.0;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? (double)B[(size_t)(k0 + ty) * N + col] : 0.0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < RT; ++k) acc = fma(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
