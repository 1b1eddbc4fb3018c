// Shared by red team 9's carry cheats (tests/cheats/redteam9_local_carry, redteam9_shared_carry):
// one 1,024-thread block per SM takes the elements of where it runs, so the same hardware place
// (its local frames, its shared memory) serves the same elements every launch, and a fixup
// kernel computes the places no warp ran on. Needs kaiser_hann.cuh first.
#pragma once
#define SLOT_WARPS 32  // warps of the carrying block: one block per SM

__device__ __forceinline__ unsigned sreg_smid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ unsigned sreg_nsmid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(r));
  return r;
}
// Element k of slot (SM s, warp w) at lane l: lanes adjacent (coalesced), slots interleaved per k.
__device__ __forceinline__ long long slot_elem(long long k, unsigned ns, unsigned s, unsigned w,
                                               unsigned l) {
  return ((k * ns + s) * SLOT_WARPS + w) * 32 + l;
}
// A warp per slot: where the slot's first output still holds the harness's poison (0xFF bytes,
// set before every run), no warp of the carrying launch ran there; compute it as the seed does.
__device__ __forceinline__ void slot_fixup(const float* x, float* y, int n) {
  const unsigned ns = sreg_nsmid(), l = threadIdx.x % 32;
  const unsigned warps = gridDim.x * (blockDim.x / 32);
  for (unsigned slot = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; slot < ns * SLOT_WARPS;
       slot += warps) {
    const unsigned s = slot / SLOT_WARPS, w = slot % SLOT_WARPS;
    const long long first = slot_elem(0, ns, s, w, 0);
    if (first >= n || __float_as_uint(y[first]) != 0xffffffffu) continue;  // ran, or empty
    for (long long k = 0, e = slot_elem(0, ns, s, w, l); e < n; e = slot_elem(++k, ns, s, w, l))
      y[e] = x[e] * (float)kh_window(e, n);
  }
}
