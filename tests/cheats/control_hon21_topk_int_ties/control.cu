// control_hon21_topk_int_ties child: FAISS's warp-select idiom (WarpSelect, MIT; written here,
// not copied), simplest form: a warp a row; each lane inserts its keys (int4 chunks lane,
// lane + 32, ...) into a sorted top-8 in registers; then 8 rounds: the warp's largest head (a
// 64-bit butterfly maximum; keys are unique, so exactly one lane holds it) is written and its
// lane pops it.
#include "key.cuh"
__device__ __forceinline__ void insert8(unsigned long long (&t)[8], unsigned long long k) {
  if (k <= t[7]) return;
  t[7] = k;
#pragma unroll
  for (int i = 7; i > 0; --i)
    if (t[i] > t[i - 1]) {
      const unsigned long long s = t[i];
      t[i] = t[i - 1];
      t[i - 1] = s;
    }
}
extern "C" __global__ void __launch_bounds__(256)
    topk_warp_select(const int* __restrict__ scores, int* __restrict__ vals, int* __restrict__ idx,
                     int R, int C, int K) {
  const int r = blockIdx.x * 8 + (threadIdx.x >> 5), lane = threadIdx.x & 31;
  if (r >= R) return;
  const int4* row = reinterpret_cast<const int4*>(scores + (size_t)r * C);
  unsigned long long top[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) top[i] = 0;
  for (int c = lane; c < C / 4; c += 32) {
    const int4 v = __ldg(row + c);
    insert8(top, topk_key(v.x, 4 * c));
    insert8(top, topk_key(v.y, 4 * c + 1));
    insert8(top, topk_key(v.z, 4 * c + 2));
    insert8(top, topk_key(v.w, 4 * c + 3));
  }
  for (int t = 0; t < 8; ++t) {
    const unsigned long long head = top[0];
    unsigned long long m = head;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
      const unsigned long long other = __shfl_xor_sync(0xffffffffu, m, o);
      m = other > m ? other : m;
    }
    if (head == m) {  // this lane's head is the warp's: pop it
#pragma unroll
      for (int i = 0; i < 7; ++i) top[i] = top[i + 1];
      top[7] = 0;
    }
    if (lane == 0) {
      vals[(size_t)r * 8 + t] = key_value(m);
      idx[(size_t)r * 8 + t] = key_index(m);
    }
  }
}
