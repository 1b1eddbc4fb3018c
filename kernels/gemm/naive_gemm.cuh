// The GEMM seeds' one output of C = A x B per thread, no shared memory: every product reads both
// operands from L1/L2. A whole kernel: the including file names the entry (`#define GEMM_ENTRY
// matmul_naive`). Which index threadIdx.x walks:
//   NAIVE_ROWS_ON_X defined: the rows of C. The 32 lanes of a warp then read A at a stride of K
//     floats and write C at a stride of N floats (32 sectors per request), while every lane of
//     the warp reads the same B element: the classic bad mapping.
//   otherwise: the columns of C. A warp reads 32 consecutive floats of B and writes 32
//     consecutive floats of C per step, and the A element it needs is one broadcast address.
// GEMM_BATCHED: torch.bmm, blockIdx.z the batch.
extern "C" __global__ void GEMM_ENTRY(const float* A, const float* B, float* C, int M, int N,
                                      int K) {
#ifdef GEMM_BATCHED
  // torch.bmm: blockIdx.z is the batch; each batch is a contiguous M x K, K x N, M x N matrix.
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif
#ifdef NAIVE_ROWS_ON_X
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
#else
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
#endif
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
  C[(size_t)row * N + col] = acc;
}
