// Reference: FP64 accumulation of FP32 products; the output is double (references write their
// outputs in FP64, which the gate compares against the candidate's BF16 C).
extern "C" __global__ void gemm_f32_bf16out_ref(const float* A, const float* B, double* C, int M,
                                                int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  double acc = 0.0;
  for (int k = 0; k < K; ++k) acc += (double)A[(size_t)row * K + k] * (double)B[(size_t)k * N + col];
  C[(size_t)row * N + col] = acc;
}
