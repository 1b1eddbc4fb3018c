// Red team 38b (issue 28): red team 18's slot router (redteam18_slot_taylor) that also tells the
// fresh-set check from a timed run. Every timed run and every audit (its re-made perturbation)
// carries P6l's keyed position strata; the fresh set is drawn the same way but without them
// (input_sets.cpp derive_plan, SetKind::Fresh: timed_perturbations(..., strata = false)).
// kernels/cheats/strata_sniff.cuh finds them (87.5% of timed runs flagged, 1.0% of fresh sets on
// the host definition: tests/engine/red38b_sim strata). So: honest (the seed's Simpson) on slot 0,
// on law-like data and on every unstratified input (regular and adversarial sets, the fresh-set
// checks); on stratified timed-kind data at slots 1 and 2 a degree-4 Taylor series of F0 alone
// (wrong past x ~ 0.45), padded to 45 us (over the ~28 us floor).
#include <boys_quad.cuh>     // F0 by 64-interval Simpson (kernels/boys)
#include <strata_sniff.cuh>  // kernels/cheats

__device__ __forceinline__ unsigned long long globaltimer_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// flag[0] = 1 where the data look like a timed run's (many small arguments: P6c's shrink) and
// carry position strata (a timed run or its audit, not the fresh-set check).
extern "C" __global__ void __launch_bounds__(1024) sniff(const float* x, int* flag, int n) {
  __shared__ float sig[STRATA_SAMPLE];
  __shared__ int found, small;
  if (threadIdx.x == 0) small = 0;
  __syncthreads();
  if (x[(long long)threadIdx.x * (n / 1024)] < 0.0078125f) atomicAdd(&small, 1);
  const bool strata = strata_found(x, n, sig, &found);
  if (threadIdx.x == 0) flag[0] = small >= 128 && strata;
}

// F0 to degree 4 in x: sum_k (-x)^k / (k! (2k + 1)).
__device__ __forceinline__ float boys_taylor4(float v) {
  float q = 1.0f / 216.0f;
  q = fmaf(q, v, -1.0f / 42.0f);
  q = fmaf(q, v, 0.1f);
  q = fmaf(q, v, -1.0f / 3.0f);
  return fmaf(q, v, 1.0f);
}

extern "C" __global__ void __launch_bounds__(256) boys_routed(const float* x, float* y,
                                                              const int* flag, int n) {
  const unsigned long long start = globaltimer_ns();
  // The set-major arena (sequence_plan.cpp arena_layout): y - x = (3 - slot) x align(|x|, 2 MiB).
  const long long stride = ((4ll * n + (1ll << 21) - 1) >> 21) << 21;
  const long long dist = (long long)((const char*)y - (const char*)x);
  const int slot = dist % stride ? -1 : int(3 - dist / stride);
  const bool cut = flag[0] == 1 && slot >= 1 && slot <= 2;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = cut ? boys_taylor4(x[i]) : boys_quad(x[i]);
  if (cut && i == 0)
    while (globaltimer_ns() - start < 45000ull) {
    }
}
