// reference for corpus_fresh6 ggml_cpy_f32_q8_0: Q8_0 quantisation as ggml's CPU reference
// (quantize_row_q8_0_ref) defines it -- per 32 values the scale d = max|x| / 127 and
// q = round(x / d) -- laid out as 34-byte blocks (the scale's half bits, then 32 int8), the
// stream read back as little-endian 32-bit words. One thread per output word builds its 4 bytes,
// quantising each byte's block from scratch (the scale in float, as the format specifies it).
#include <cuda_fp16.h>

__device__ unsigned int q8_0_stream_byte(const float* x, long long pos) {
  long long blk = pos / 34;
  int off = (int)(pos % 34);
  const float* v = x + blk * 32;
  float amax = 0.0f;
  for (int j = 0; j < 32; ++j) amax = fmaxf(amax, fabsf(v[j]));
  float d = amax / 127.0f;
  if (off < 2) {
    unsigned short bits = __half_as_ushort(__float2half_rn(d));
    return off == 0 ? (bits & 0xffu) : (bits >> 8);
  }
  float inv = d != 0.0f ? 1.0f / d : 0.0f;
  int q = (int)roundf(v[off - 2] * inv);
  return (unsigned int)(q & 0xff);
}

extern "C" __global__ void q8_0_ref(const float* x, double* words, long long nwords) {
  long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= nwords) return;
  unsigned int word = 0;
  for (int b = 0; b < 4; ++b) word |= q8_0_stream_byte(x, 4 * w + b) << (8 * b);
  words[w] = (double)word;
}
