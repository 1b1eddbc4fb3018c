// corpus_fresh6: ggml_convert_f16_f32 -- ggml-org/llama.cpp, ggml/src/ggml-cuda/convert.cu
// (convert_unary<half, float>, the one-dimensional form launched by convert_unary_cuda: the
// F16 -> F32 conversion ggml runs before an F32 matrix product on an F16 weight), rewritten for
// the problem format (see README.md). One thread converts one element: a 2-byte load, a
// conversion and a 4-byte store.
#include <cuda_fp16.h>

extern "C" __global__ void convert_unary_f16_f32(const void* __restrict__ vx, float* __restrict__ y,
                                                 const long long k) {
  const long long i = (long long)blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= k) return;
  const half* x = (const half*)vx;
  y[i] = __half2float(x[i]);
}
