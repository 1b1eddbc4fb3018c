// Float64 reference of C = triu(triu(A)·triu(B)): C[i][j] = sum_{k=i..j} A[i][k]·B[k][j] for
// i <= j, 0 below the diagonal. Written as a masked dense product (an A element counts only when
// k >= i, a B element only when k <= j) with double accumulation; a product of two floats is
// exact in double. 16x16 shared-memory tiles with bounds checks.
#define RT 16
extern "C" __global__ void tri_ref(const float* A, const float* B, double* C, int N) {
  __shared__ double As[RT][RT];
  __shared__ double Bs[RT][RT + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * RT + ty, col = blockIdx.x * RT + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < N; k0 += RT) {
    const int ka = k0 + tx, kb = k0 + ty;
    As[ty][tx] = (row < N && ka < N && ka >= row) ? (double)A[(size_t)row * N + ka] : 0.0;
    Bs[ty][tx] = (kb < N && col < N && kb <= col) ? (double)B[(size_t)kb * N + col] : 0.0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < RT; ++k) acc = fma(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  if (row < N && col < N) C[(size_t)row * N + col] = row <= col ? acc : 0.0;
}
