// Float64 reference: one 256-thread block per row, two-pass mean and variance in double.
#define RB 256
#include <ref_block_sum.cuh>

extern "C" __global__ void layernorm_ref(const float* x, const float* gamma, const float* beta,
                                         double* y, int M, int N, float eps) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  const float* row = x + (size_t)blockIdx.x * N;
  double* out = y + (size_t)blockIdx.x * N;
  double sum = 0.0;
  for (int c = tid; c < N; c += RB) sum += row[c];
  const double mean = ref_block_sum(sum, red) / N;
  double sq = 0.0;
  for (int c = tid; c < N; c += RB) {
    const double d = row[c] - mean;
    sq += d * d;
  }
  const double rstd = 1.0 / sqrt(ref_block_sum(sq, red) / N + (double)eps);
  for (int c = tid; c < N; c += RB)
    out[c] = (row[c] - mean) * rstd * (double)gamma[c] + (double)beta[c];
}
