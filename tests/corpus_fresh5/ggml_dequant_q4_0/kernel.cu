// corpus_fresh5: ggml_dequant_q4_0 -- ggml-org/llama.cpp, ggml/src/ggml-cuda/convert.cu
// (dequantize_block_q4_0<half>, launched by dequantize_row_q4_0_cuda), rewritten for the
// problem format (see README.md). A 32-thread block expands 8 Q4_0 blocks (256 weights): thread
// (il, ir) = (tid / 8, tid % 8) takes 4 bytes of block ir and writes 4 low and 4 high nibbles.
#include <cuda_fp16.h>

struct block_q4_0 {
  __half d;              // scale
  unsigned char qs[16];  // 32 4-bit weights, low nibbles first
};

extern "C" __global__ void dequantize_block_q4_0(const void* __restrict__ vx,
                                                 __half* __restrict__ yy, int nb32) {
  const long long i = blockIdx.x;
  const int tid = threadIdx.x;
  const int il = tid / 8;
  const int ir = tid % 8;
  const long long ib = 8 * i + ir;
  if (ib >= nb32) return;
  __half* y = yy + 256 * i + 32 * ir + 4 * il;
  const block_q4_0* x = (const block_q4_0*)vx + ib;
  const float d = __half2float(x->d);
  const float dm = -8 * d;
  const unsigned char* q = x->qs + 4 * il;
  for (int l = 0; l < 4; ++l) {
    y[l + 0] = __float2half(d * (q[l] & 0xF) + dm);
    y[l + 16] = __float2half(d * (q[l] >> 4) + dm);
  }
}
