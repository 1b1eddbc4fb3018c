// reference for corpus_fresh5 ggml_dequant_q4_0: weight j of Q4_0 block b is
// d_b * (nibble - 8), the nibble being the low half of byte j of the block for j < 16 and the
// high half of byte j - 16 otherwise; one thread per weight, in float64.
#include <cuda_fp16.h>

extern "C" __global__ void dequant_q4_0_ref(const __half* blob, double* y, long long k) {
  long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= k) return;
  long long b = j / 32;
  int w = (int)(j % 32);
  const unsigned char* blk = (const unsigned char*)blob + 18 * b;
  double d = (double)__half2float(*(const __half*)blk);
  unsigned char byte = blk[2 + (w % 16)];
  int nib = w < 16 ? (byte & 0xF) : (byte >> 4);
  y[j] = d * (nib - 8);
}
