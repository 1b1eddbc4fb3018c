// Seed: C = A.B^T with A [M, K] and B [N, K] in BF16 (both K contiguous), one output per thread,
// FP32 accumulation on CUDA cores, the result rounded to BF16 (nearest even). threadIdx.x walks
// the columns of C, so a warp reads 32 different rows of B at a stride of K elements.
__device__ __forceinline__ float bf16_to_f32(unsigned short h) {
  return __uint_as_float((unsigned)h << 16);
}
__device__ __forceinline__ unsigned short f32_to_bf16(float f) {
  const unsigned u = __float_as_uint(f);
  return (unsigned short)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

extern "C" __global__ void matmul_bf16_naive(const unsigned short* A, const unsigned short* B,
                                             unsigned short* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(bf16_to_f32(A[(size_t)row * K + k]), bf16_to_f32(B[(size_t)col * K + k]), acc);
  C[(size_t)row * N + col] = f32_to_bf16(acc);
}
