// reference for corpus_fresh7 sgl_group_quant_int8 (written for the corpus): one thread per
// group of G values. The scale is max(eps, max |x|) / 127 and each value is rounded to the
// nearest integer (ties to even) of x / scale, clamped to [-128, 127]. The arithmetic is done in
// float as the operation is defined in float (a double quotient could round a tie differently),
// and the int8 codes are returned packed four to a 32-bit little-endian word, as the kernel's
// byte stores leave them in the word-typed output.
#include <cuda_bf16.h>
extern "C" __global__ void group_quant_ref(const __nv_bfloat16* x, double* q, double* s,
                                           long long ngroups, int G, float eps) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= ngroups) return;
  const __nv_bfloat16* row = x + g * G;
  float m = eps;
  for (int i = 0; i < G; ++i) m = fmaxf(m, fabsf(__bfloat162float(row[i])));
  const float scale = __fdiv_rn(m, 127.0f);
  s[g] = scale;
  for (int w = 0; w < G / 4; ++w) {
    unsigned int word = 0;
    for (int b = 0; b < 4; ++b) {
      float r = rintf(__fdiv_rn(__bfloat162float(row[4 * w + b]), scale));
      r = fminf(fmaxf(r, -128.0f), 127.0f);
      word |= ((unsigned int)((int)r) & 0xffu) << (8 * b);
    }
    q[g * (G / 4) + w] = (double)word;
  }
}
