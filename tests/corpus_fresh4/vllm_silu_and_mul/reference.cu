// float64 reference for corpus_fresh4 problem vllm_silu_and_mul (written for the corpus):
// out[t, i] = silu(x) * y with x = input[t, 0, i], y = input[t, 1, i]
#include <cuda_fp16.h>
extern "C" __global__ void silu_and_mul_ref(double* out, const __half* input, int num_tokens,
                                            int d) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= (long long)num_tokens * d) return;
  const long long t = g / d, i = g % d;
  const double x = __half2float(input[t * 2 * d + i]);
  const double y = __half2float(input[t * 2 * d + d + i]);
  out[g] = x / (1.0 + exp(-x)) * y;
}
