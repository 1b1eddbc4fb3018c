// Seed: one 256-thread block per (sample, group) slice, three walks over it (mean, variance,
// normalise: x read three times), each reduction a shared-memory tree with log2(256) + 1
// barriers, and a divide per element to find its channel.
#define BLOCK 256

#include <block_sum_tree.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK)
    groupnorm_naive(const float* x, const float* gamma, const float* beta, float* y, int Nb, int C,
                    int G, int HW, float eps) {
  __shared__ float red[BLOCK];
  const int cpg = C / G, g = blockIdx.x % G;
  const int len = cpg * HW;
  const float* in = x + (size_t)blockIdx.x * len;
  float* out = y + (size_t)blockIdx.x * len;
  float sum = 0.0f;
  for (int i = threadIdx.x; i < len; i += BLOCK) sum += in[i];
  const float mean = block_sum(sum, red) / len;
  float sq = 0.0f;
  for (int i = threadIdx.x; i < len; i += BLOCK) {
    const float d = in[i] - mean;
    sq += d * d;
  }
  const float rstd = rsqrtf(block_sum(sq, red) / len + eps);
  for (int i = threadIdx.x; i < len; i += BLOCK) {
    const int c = g * cpg + i / HW;
    out[i] = (in[i] - mean) * rstd * gamma[c] + beta[c];
  }
}
