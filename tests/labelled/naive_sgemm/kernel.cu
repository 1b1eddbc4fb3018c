// The textbook first GEMM: a thread per output, the k-loop reading one A and one B element per
// FMA straight from global memory. Loads are coalesced (B, C) or broadcast (A), so the waste is
// not in the access pattern but in the reuse: every operand is fetched K-fold through L1/L2,
// two loads per FMA, and the LSU/L1 path, not the FMA pipe or DRAM, sets the pace. Register
// and shared-memory tiling (or tensor cores) are the fix.
extern "C" __global__ void __launch_bounds__(256)
    sgemm_naive(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  const int row = blockIdx.y * 8 + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc = fmaf(A[(size_t)row * K + k], B[(size_t)k * N + col], acc);
  C[(size_t)row * N + col] = acc;
}
