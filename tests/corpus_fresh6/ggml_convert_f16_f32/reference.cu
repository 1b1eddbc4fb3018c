// reference for corpus_fresh6 ggml_convert_f16_f32: each half value widened exactly, written as
// float64 (an F16 value is exactly representable in both float and double).
#include <cuda_fp16.h>

extern "C" __global__ void convert_ref(const __half* x, double* y, long long k) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < k) y[i] = (double)__half2float(x[i]);
}
