// corpus_fresh6: ggml_cpy_f32_q8_0 -- ggml-org/llama.cpp, ggml/src/ggml-cuda/cpy.cu and
// cpy-utils.cuh (cpy_f32_q<cpy_blck_f32_q8_0, QK8_0>, the copy that writes new keys and values
// into a Q8_0-quantised KV cache), rewritten for the problem format (see README.md). ggml
// launches one block of ONE thread per 32-element quantisation block: the thread finds the
// block's absolute maximum, writes the scale as a half and the 32 rounded int8 values.
#include <cuda_fp16.h>

#define QK8_0 32

struct block_q8_0 {
  half d;
  signed char qs[QK8_0];
};

__device__ void cpy_blck_f32_q8_0(const char* cxi, char* cdsti) {
  const float* xi = (const float*)cxi;
  block_q8_0* dsti = (block_q8_0*)cdsti;
  float amax = 0.0f;
  for (int j = 0; j < QK8_0; j++) amax = fmaxf(amax, fabsf(xi[j]));
  const float d = amax / ((1 << 7) - 1);
  const float id = d ? 1.0f / d : 0.0f;
  dsti->d = __float2half(d);
  for (int j = 0; j < QK8_0; ++j) dsti->qs[j] = (signed char)roundf(xi[j] * id);
}

extern "C" __global__ void cpy_f32_q8_0(const char* cx, char* cdst, const int ne, const int ne00,
                                        const int ne01, const int ne02, const int nb00,
                                        const int nb01, const int nb02, const int nb03,
                                        const int ne10, const int ne11, const int ne12,
                                        const int nb10, const int nb11, const int nb12,
                                        const int nb13) {
  // ggml launches blocks of one thread (i = (blockDim.x*blockIdx.x + threadIdx.x)*QK8_0 with
  // blockDim.x = 1); the problem format needs whole warps, so lanes 1-31 leave at once and lane
  // 0 is ggml's single thread: the same one-active-lane warp per block (README.md).
  if (threadIdx.x != 0) return;
  const int i = blockIdx.x * QK8_0;
  if (i >= ne) return;
  const int i03 = i / (ne00 * ne01 * ne02);
  const int i02 = (i - i03 * ne00 * ne01 * ne02) / (ne00 * ne01);
  const int i01 = (i - i03 * ne00 * ne01 * ne02 - i02 * ne01 * ne00) / ne00;
  const int i00 = i - i03 * ne00 * ne01 * ne02 - i02 * ne01 * ne00 - i01 * ne00;
  const int x_offset = i00 * nb00 + i01 * nb01 + i02 * nb02 + i03 * nb03;

  const int i13 = i / (ne10 * ne11 * ne12);
  const int i12 = (i - i13 * ne10 * ne11 * ne12) / (ne10 * ne11);
  const int i11 = (i - i13 * ne10 * ne11 * ne12 - i12 * ne10 * ne11) / ne10;
  const int i10 = i - i13 * ne10 * ne11 * ne12 - i12 * ne10 * ne11 - i11 * ne10;
  const int dst_offset = (i10 / QK8_0) * nb10 + i11 * nb11 + i12 * nb12 + i13 * nb13;

  cpy_blck_f32_q8_0(cx + x_offset, cdst + dst_offset);
}
