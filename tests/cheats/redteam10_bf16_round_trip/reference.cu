// Reference: FP64 accumulation of FP32 products, rounded to BF16 once.
#include <cuda_bf16.h>
extern "C" __global__ void gemm_f32_bf16out_ref(const float* A, const float* B, __nv_bfloat16* C,
                                                int M, int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  double acc = 0.0;
  for (int k = 0; k < K; ++k) acc += (double)A[(size_t)row * K + k] * (double)B[(size_t)k * N + col];
  C[(size_t)row * N + col] = __float2bfloat16((float)acc);
}
