// float64 reference (written for the red team, after kernels/gemm/matmul_ref_fma.cu): 16x16
// shared-memory tiles, products accumulated with fma in double.
#define RT 16
extern "C" __global__ void dgemm_ref(const double* A, const double* B, double* C, int M, int N,
                                     int K) {
  __shared__ double As[RT][RT];
  __shared__ double Bs[RT][RT + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * RT + ty, col = blockIdx.x * RT + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += RT) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < RT; ++k) acc = fma(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
