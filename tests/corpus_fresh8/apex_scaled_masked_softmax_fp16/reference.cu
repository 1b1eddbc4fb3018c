// float64 reference for corpus_fresh8 apex_scaled_masked_softmax_fp16 (written for the corpus):
// for each row r of scores, y = softmax(v) with v_j = scale * x_j, or -10000 where the mask byte
// of (query r mod sq, key j) is 1 (one mask for all heads and batches, Megatron's GPT-2 style);
// one thread per row, three passes (max, sum of exponentials, normalised write).
#include <cuda_fp16.h>
extern "C" __global__ void masked_softmax_ref(const __half* x, const unsigned int* mask, double* y,
                                              int rows, int cols, int sq, float scale) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const long long base = (long long)r * cols;
  const long long mbase = (long long)(r % sq) * cols;
  double m = -1.0e300;
  for (int j = 0; j < cols; ++j) {
    const long long mi = mbase + j;
    const bool masked = ((mask[mi / 4] >> (8 * (mi % 4))) & 0xffu) == 1u;
    const double v = masked ? -10000.0 : (double)scale * (double)__half2float(x[base + j]);
    m = fmax(m, v);
  }
  double s = 0.0;
  for (int j = 0; j < cols; ++j) {
    const long long mi = mbase + j;
    const bool masked = ((mask[mi / 4] >> (8 * (mi % 4))) & 0xffu) == 1u;
    const double v = masked ? -10000.0 : (double)scale * (double)__half2float(x[base + j]);
    s += exp(v - m);
  }
  for (int j = 0; j < cols; ++j) {
    const long long mi = mbase + j;
    const bool masked = ((mask[mi / 4] >> (8 * (mi % 4))) & 0xffu) == 1u;
    const double v = masked ? -10000.0 : (double)scale * (double)__half2float(x[base + j]);
    y[base + j] = exp(v - m) / s;
  }
}
