// redteam9_shared_carry child (a cheat, red team 9): redteam9_local_carry's window carry, kept in
// SHARED memory instead: a lone 1,024-thread block per SM with 220 KiB of dynamic shared memory
// starts at the same place of the same SM's shared memory every launch. If nothing clears
// shared memory between kernels of one context (the probe's question), the block finds its tag
// and the window values of its first ~54 elements a thread there; the rest it evaluates in
// FP64. A second launch computes the slots no warp ran on (the harness's 0xFF output poison).
#include <kaiser_hann.cuh>
#include <slot_carry.cuh>
#define WARPS SLOT_WARPS
#define SH_WORDS (220 * 1024 / 4)
#define KS ((SH_WORDS - 32) / (WARPS * 32))  // window values a thread keeps: 54
#define TAG_MAGIC 0x5a4ed0c5u

extern "C" __global__ void __launch_bounds__(WARPS * 32, 1)
    window_shared_carry(const float* x, float* y, int n) {
  extern __shared__ unsigned sh[];  // [0]: the tag; [32 + k * 1024 + t]: thread t's value k
  volatile unsigned* vsh = sh;
  const unsigned ns = sreg_nsmid(), s = sreg_smid(), w = threadIdx.x / 32, l = threadIdx.x % 32;
  const unsigned tag = TAG_MAGIC ^ (unsigned)n ^ (ns << 24) ^ (s << 12);
  const bool hit = vsh[0] == tag;
  __syncthreads();
  long long k = 0;
  for (long long e = slot_elem(0, ns, s, w, l); e < n; e = slot_elem(++k, ns, s, w, l)) {
    volatile unsigned* cell = vsh + 32 + k * (WARPS * 32) + threadIdx.x;
    float win;
    if (hit && k < KS) {
      win = __uint_as_float(*cell);
    } else {
      win = (float)kh_window(e, n);
      if (k < KS) *cell = __float_as_uint(win);
    }
    y[e] = x[e] * win;
  }
  __syncthreads();
  if (threadIdx.x == 0) vsh[0] = tag;
}

extern "C" __global__ void window_fixup_sh(const float* x, float* y, int n) { slot_fixup(x, y, n); }
