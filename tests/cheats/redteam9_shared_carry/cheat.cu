// redteam9_shared_carry child (a cheat, red team 9): redteam9_local_carry's window carry, kept in
// SHARED memory instead: a lone 1,024-thread block per SM with 220 KiB of dynamic shared memory
// starts at the same place of the same SM's shared memory every launch. If nothing clears
// shared memory between kernels of one context (the probe's question), the block finds its tag
// and the window values of its first ~54 elements a thread there; the rest it evaluates in
// FP64. A second launch computes the slots no warp ran on (the harness's 0xFF output poison).
#include <kaiser_hann.cuh>
#define WARPS 32
#define SH_WORDS (220 * 1024 / 4)
#define KS ((SH_WORDS - 32) / (WARPS * 32))  // window values a thread keeps: 54
#define TAG_MAGIC 0x5a4ed0c5u

__device__ __forceinline__ unsigned sreg(int which) {
  unsigned r;
  if (which == 0)
    asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  else
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ long long slot_elem(long long k, unsigned ns, unsigned s, unsigned w,
                                               unsigned l) {
  return ((k * ns + s) * WARPS + w) * 32 + l;
}

extern "C" __global__ void __launch_bounds__(WARPS * 32, 1)
    window_shared_carry(const float* x, float* y, int n) {
  extern __shared__ unsigned sh[];  // [0]: the tag; [32 + k * 1024 + t]: thread t's value k
  volatile unsigned* vsh = sh;
  const unsigned ns = sreg(1), s = sreg(0), w = threadIdx.x / 32, l = threadIdx.x % 32;
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

extern "C" __global__ void window_fixup_sh(const float* x, float* y, int n) {
  const unsigned ns = sreg(1), l = threadIdx.x % 32;
  const unsigned warps = gridDim.x * (blockDim.x / 32);
  for (unsigned slot = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; slot < ns * WARPS;
       slot += warps) {
    const unsigned s = slot / WARPS, w = slot % WARPS;
    const long long first = slot_elem(0, ns, s, w, 0);
    if (first >= n || __float_as_uint(y[first]) != 0xffffffffu) continue;  // ran, or empty
    for (long long k = 0, e = slot_elem(0, ns, s, w, l); e < n; e = slot_elem(++k, ns, s, w, l))
      y[e] = x[e] * (float)kh_window(e, n);
  }
}
