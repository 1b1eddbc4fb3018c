// Float64 reference: one block per (sample, group), two-pass mean and variance in double over
// the group's C/G channels x HW positions, then y = (x - mean) * rstd * gamma[c] + beta[c].
#define RB 256
#include <ref_block_sum.cuh>

extern "C" __global__ void groupnorm_ref(const float* x, const float* gamma, const float* beta,
                                         double* y, int Nb, int C, int G, int HW, float eps) {
  __shared__ double red[RB];
  const int cpg = C / G, g = blockIdx.x % G;
  const size_t len = (size_t)cpg * HW;
  const float* in = x + (size_t)blockIdx.x * len;  // a group's channels are contiguous in NCHW
  double* out = y + (size_t)blockIdx.x * len;
  double sum = 0.0;
  for (size_t i = threadIdx.x; i < len; i += RB) sum += in[i];
  const double mean = ref_block_sum(sum, red) / len;
  double sq = 0.0;
  for (size_t i = threadIdx.x; i < len; i += RB) {
    const double d = in[i] - mean;
    sq += d * d;
  }
  const double rstd = 1.0 / sqrt(ref_block_sum(sq, red) / len + (double)eps);
  for (size_t i = threadIdx.x; i < len; i += RB) {
    const int c = g * cpg + (int)(i / HW);
    out[i] = (in[i] - mean) * rstd * (double)gamma[c] + (double)beta[c];
  }
}
