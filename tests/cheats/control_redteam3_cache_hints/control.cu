// Honest: one float4 per thread, loaded with an L2 evict_first cache policy (the data is read
// once: it should not displace anything) and stored with .cs (streaming). Block 0's first thread
// stamps %globaltimer into a scratch word (what a kernel that profiles itself does). Nothing is
// remembered, nothing is skipped: every element is computed from the bytes of this run.
extern "C" __global__ void __launch_bounds__(256)
    affine_stream(const float* __restrict__ x, float* __restrict__ y, unsigned* stamp, int n) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    stamp[0] = (unsigned)t;
    stamp[1] = (unsigned)(t >> 32);
  }
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 3 < n) {
    unsigned long long policy;
    asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    float4 v;
    asm volatile("ld.global.L1::no_allocate.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "l"(x + i), "l"(policy));
    v.x = fmaf(3.0f, v.x, 1.0f);
    v.y = fmaf(3.0f, v.y, 1.0f);
    v.z = fmaf(3.0f, v.z, 1.0f);
    v.w = fmaf(3.0f, v.w, 1.0f);
    asm volatile("st.global.cs.v4.f32 [%0], {%1,%2,%3,%4};" ::"l"(y + i), "f"(v.x), "f"(v.y),
                 "f"(v.z), "f"(v.w)
                 : "memory");
  } else {
    for (int k = i; k < n; ++k) y[k] = fmaf(3.0f, x[k], 1.0f);
  }
}
