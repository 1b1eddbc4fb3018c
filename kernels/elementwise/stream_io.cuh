// Global float4 loads and stores whose cache policy is a knob (issue 33: which policy a kernel
// that streams x in and y out once needs at the copy floor). HINT, set by the including
// variant's knob (default 0):
//   0  loads ld.global.nc (__ldg, the read-only path: what a `const __restrict__` load
//      compiles to), stores st.global with the default policy (write-back, L2 evict-normal);
//   1  __ldcs / __stcs: ld.global.cs / st.global.cs, evict-first in L1 and L2 ("streaming");
//   2  ld.global.nc.L1::no_allocate (no L1 line for data read once, L2 policy unchanged),
//      stores as 0.
// Only the policy differs: every variant is the same load and the same store of 16 bytes.
#pragma once

#ifndef HINT
#define HINT 0
#endif

__device__ __forceinline__ float4 ld_stream4(const float4* p) {
#if HINT == 1
  return __ldcs(p);
#elif HINT == 2
  float4 v;
  asm("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];"
      : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
      : "l"(p));
  return v;
#else
  return __ldg(p);
#endif
}

__device__ __forceinline__ void st_stream4(float4* p, float4 v) {
#if HINT == 1
  __stcs(p, v);
#else
  *p = v;
#endif
}
