// reference for corpus_fresh5 vllm_rotary_neox: GPT-NeoX rotary embedding in float64, one thread
// per (token, head, pair): x' = x cos - y sin, y' = y cos + x sin with x at i and y at i + 64 of
// the head; q and k arrive as doubles holding their inputs and are rotated in place.
#include <cuda_fp16.h>

extern "C" __global__ void rotary_ref(const long long* positions, double* q, double* k,
                                      const __half* cache, int num_tokens, int nh, int nkv) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const int half_dim = 64, heads = nh + nkv;
  if (t >= (long long)num_tokens * heads * half_dim) return;
  int i = (int)(t % half_dim);
  int h = (int)((t / half_dim) % heads);
  long long tok = t / ((long long)half_dim * heads);
  const __half* c = cache + positions[tok] * 2 * half_dim;
  double cs = __half2float(c[i]), sn = __half2float(c[half_dim + i]);
  double* v = h < nh ? q + (tok * nh + h) * 128 : k + (tok * nkv + (h - nh)) * 128;
  double x = v[i], y = v[half_dim + i];
  v[i] = x * cs - y * sn;
  v[half_dim + i] = y * cs + x * sn;
}
