// float64 reference for corpus_fresh7 ds_bias_gelu_fp16 (written for the corpus): in place,
// x[t, i] = gelu_tanh(x[t, i] + bias[i]) with gelu_tanh(v) = v/2 (1 + tanh(sqrt(2/pi) (v +
// 0.044715 v^3))), one thread per element.
#include <cuda_fp16.h>
extern "C" __global__ void bias_gelu_ref(double* x, const __half* bias, long long n, int width) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n) return;
  const double v = x[g] + (double)__half2float(bias[g % width]);
  x[g] = 0.5 * v * (1.0 + tanh(0.79788456080286535587989211986876 * (v + 0.044715 * v * v * v)));
}
