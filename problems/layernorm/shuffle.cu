// Block per row, two passes as before, but each reduction is a warp-shuffle butterfly plus one
// shared slot per warp: two barriers per reduction instead of log2(BLOCK) + 1.
#define BLOCK 256
#define WARPS (BLOCK / 32)

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK)
    layernorm_shuffle(const float* x, const float* gamma, const float* beta, float* y, int M, int N,
                      float eps) {
  __shared__ float part[2][WARPS];
  const int tid = threadIdx.x;
  const float* row = x + (size_t)blockIdx.x * N;
  float* out = y + (size_t)blockIdx.x * N;
  float sum = 0.0f;
  for (int c = tid; c < N; c += BLOCK) sum += row[c];
  const float mean = block_sum(sum, part[0]) / N;
  float sq = 0.0f;
  for (int c = tid; c < N; c += BLOCK) {
    const float d = row[c] - mean;
    sq += d * d;
  }
  const float rstd = rsqrtf(block_sum(sq, part[1]) / N + eps);
  for (int c = tid; c < N; c += BLOCK) out[c] = (row[c] - mean) * rstd * gamma[c] + beta[c];
}
