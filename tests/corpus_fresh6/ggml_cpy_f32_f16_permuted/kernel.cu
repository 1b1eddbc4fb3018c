// corpus_fresh6: ggml_cpy_f32_f16_permuted -- ggml-org/llama.cpp, ggml/src/ggml-cuda/cpy.cu
// (cpy_flt<cpy_1_flt<float, half>>, the general strided copy ggml_cpy runs when a source is not
// contiguous, e.g. a permuted view written into an F16 cache), rewritten for the problem format
// (see README.md). One thread per element: the flat index is split into the four coordinates
// of the source and of the destination with 64-bit divisions, then one element is converted.
#include <cuda_fp16.h>

__device__ __forceinline__ void cpy_1_f32_f16(const char* cxi, char* cdsti) {
  *(half*)cdsti = __float2half(*(const float*)cxi);
}

extern "C" __global__ void cpy_flt_f32_f16(const char* cx, char* cdst, const int ne, const int ne00,
                                           const int ne01, const int ne02, const int nb00,
                                           const int nb01, const int nb02, const int nb03,
                                           const int ne10, const int ne11, const int ne12,
                                           const int nb10, const int nb11, const int nb12,
                                           const int nb13) {
  const long long i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i >= ne) return;
  // the coordinates of element i in the source and in the destination, then their byte offsets
  const long long i03 = i / (ne00 * ne01 * ne02);
  const long long i02 = (i - i03 * ne00 * ne01 * ne02) / (ne00 * ne01);
  const long long i01 = (i - i03 * ne00 * ne01 * ne02 - i02 * ne01 * ne00) / ne00;
  const long long i00 = i - i03 * ne00 * ne01 * ne02 - i02 * ne01 * ne00 - i01 * ne00;
  const long long x_offset = i00 * nb00 + i01 * nb01 + i02 * nb02 + i03 * nb03;

  const long long i13 = i / (ne10 * ne11 * ne12);
  const long long i12 = (i - i13 * ne10 * ne11 * ne12) / (ne10 * ne11);
  const long long i11 = (i - i13 * ne10 * ne11 * ne12 - i12 * ne10 * ne11) / ne10;
  const long long i10 = i - i13 * ne10 * ne11 * ne12 - i12 * ne10 * ne11 - i11 * ne10;
  const long long dst_offset = i10 * nb10 + i11 * nb11 + i12 * nb12 + i13 * nb13;

  cpy_1_f32_f16(cx + x_offset, cdst + dst_offset);
}
