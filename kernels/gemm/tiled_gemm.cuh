// Shared-memory tiling: a TILE x TILE block stages one TILE-wide slab of A and of B per step, so
// each global element is read once per block instead of once per thread (TILE-fold reuse).
// Requires M, N, K multiples of TILE (constraints in problem.yaml).
// The including file names the kernel (GEMM_ENTRY) and defines GEMM_BATCHED for torch.bmm's
// layout (blockIdx.z the batch); the body is the same for matmul and batched_gemm (issue 33).
#ifndef TILE
#define TILE 32
#endif

extern "C" __global__ void __launch_bounds__(TILE* TILE)
    GEMM_ENTRY(const float* A, const float* B, float* C, int M, int N, int K) {
#ifdef GEMM_BATCHED
  // torch.bmm: blockIdx.z is the batch; each batch is a contiguous M x K, K x N, M x N matrix.
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];  // As: broadcast, Bs: stride 1
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
