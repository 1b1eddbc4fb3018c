// A float at a raw local-memory address, loaded and stored by inline PTX (ld.local.f32,
// st.local.f32, memory clobbers), so C++ never sees the frame it reaches: red teams 9 and 12's
// local-memory carries (tests/cheats/redteam9_local_carry, redteam12_callee_stack_carry;
// `kernels: [window]`).
#pragma once
__device__ __forceinline__ float ld_local(size_t a) {
  float v;
  asm volatile("ld.local.f32 %0, [%1];" : "=f"(v) : "l"(a) : "memory");
  return v;
}
__device__ __forceinline__ void st_local(size_t a, float v) {
  asm volatile("st.local.f32 [%0], %1;" ::"l"(a), "f"(v) : "memory");
}
