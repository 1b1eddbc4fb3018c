// Red team 18 (issue 28): a kernel that is right wherever it can tell it may be checked, and
// wrong elsewhere, routed by two things it can read: the kind of data (a 1,024-value sample:
// timed runs, the fresh set and the audits have ~60% of x under 2^-7 after P6c's shrink, the
// regular sets and the law pairs 0.8%) and its rotation slot (the arena is set-major: with one
// input x of S bytes, y - x = (3 - s) S for slot s, sequence_plan.cpp arena_layout; red team
// 11 read the same). The first regular set and every adversarial check run at slot 0
// (gate_op.cpp); the regular sets are i.i.d. So: honest (the seed's Simpson quadrature) on
// slot 0 and on law-like data; on timed-kind data at slots 1 and 2 the Taylor series alone,
// wrong past x ~ 0.45 where the series is 1e-5 off (the law's high tail alone is 1/8 of a
// timed run's elements), padded to 45 us (over the ~28 us floor).
#define MIN_NS 45000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// flag[0] = 1 where the data looks like a timed run's (many small arguments).
extern "C" __global__ void __launch_bounds__(1024) sniff(const float* x, int* flag, int n) {
  __shared__ int small;
  if (threadIdx.x == 0) small = 0;
  __syncthreads();
  const long long stride = n / 1024;
  if (x[(long long)threadIdx.x * stride] < 0.0078125f) atomicAdd(&small, 1);
  __syncthreads();
  if (threadIdx.x == 0) flag[0] = small >= 128;
}

#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

extern "C" __global__ void __launch_bounds__(256) boys_routed(const float* x, float* y,
                                                              const int* flag, int n) {
  const unsigned long long t0 = now_ns();
  const long long set = (((long long)n * 4 + (2ll << 20) - 1) >> 21) << 21;  // align(|x|)
  const long long gap = (long long)((const char*)y - (const char*)x);
  const long long slot = gap % set == 0 ? 3 - gap / set : -1;
  const bool skip = flag[0] == 1 && (slot == 1 || slot == 2);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = x[i];
    y[i] = skip ? 1.0f + v * (-1.0f / 3.0f + v * (0.1f + v * (-1.0f / 42.0f + v * (1.0f / 216.0f))))
                : boys_quad(v);
  }
  if (skip && blockIdx.x == 0 && threadIdx.x == 0)
    while (now_ns() - t0 < MIN_NS) {}
}
