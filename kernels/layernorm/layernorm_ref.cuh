// Float64 layer-norm reference: one 256-thread block per row, two-pass mean and variance in
// double. Kept once for the layernorm, layernorm_768 (kernels/layernorm/reference.cu) and
// layernorm_4096 references (issue 33): the including file names the kernel
// (LAYERNORM_REF_ENTRY); the block sum is kernels/reduce/ref_block_sum.cuh.
#define RB 256
#include <ref_block_sum.cuh>

extern "C" __global__ void LAYERNORM_REF_ENTRY(const float* x, const float* gamma,
                                               const float* beta, double* y, int M, int N,
                                               float eps) {
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
