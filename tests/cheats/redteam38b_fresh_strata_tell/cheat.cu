// Red team 38b (issue 28): red team 18's slot router (redteam18_slot_taylor) that also tells the
// fresh-set check from a timed run. Every timed run and every audit (its re-made perturbation)
// carries P6l's keyed position strata: an even stride s <= 64 whose residues split in two halves
// drawing from complementary parts of the law (timed_perturbation.h kStrataStrideMax). The
// fresh set is drawn the same way but without them (input_sets.cpp derive_plan, SetKind::Fresh:
// timed_perturbations(..., strata = false)). A one-block F test over the significands of the
// first 8,192 values (P6c's shrink multiplies by 2^-g, exact, so a value's significand keeps the
// half-cell its stratum drew it from), one stride per thread, F over 1 + 5 sd of F(s - 1, large)
// at some even s <= 64: tests/engine/red38b_sim.cpp measures it on the host definition of each
// run's bytes: 87.5% of timed runs (and audits: the same bytes) flagged, 1.0% of fresh sets. So: honest (the seed's Simpson quadrature) on slot 0, on
// law-like data and on every unstratified input (regular sets, adversarial sets, the fresh-set
// checks); on stratified timed-kind data at slots 1 and 2 the Taylor series alone (wrong past
// x ~ 0.45), padded to 45 us (over the ~28 us floor).
#define MIN_NS 45000ull
#define SAMPLE 8192
#define F_SD 5.0f

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// flag[0] = 1 where the data looks like a timed run's (many small arguments: P6c's shrink) AND
// carries position strata (a timed run or an audit, not the fresh-set check).
extern "C" __global__ void __launch_bounds__(1024) sniff(const float* x, int* flag, int n) {
  __shared__ float v[SAMPLE];
  __shared__ int small, strata;
  if (threadIdx.x == 0) small = 0, strata = 0;
  for (int i = threadIdx.x; i < SAMPLE; i += blockDim.x)
    v[i] = i < n ? float(__float_as_uint(x[i]) & 0x7fffffu) * 0x1p-23f : 0.0f;  // significand
  __syncthreads();
  const long long stride = n / 1024;
  if (x[(long long)threadIdx.x * stride] < 0.0078125f) atomicAdd(&small, 1);
  if (threadIdx.x < 32 && n >= SAMPLE) {
    const int s = 2 * (threadIdx.x + 1);  // every even stride 2..64
    float sum[64], sq[64];
    int cnt[64];
    for (int r = 0; r < s; ++r) sum[r] = 0, sq[r] = 0, cnt[r] = 0;
    float all = 0;
    for (int i = 0; i < SAMPLE; ++i) {
      const int r = i % s;
      sum[r] += v[i], sq[r] += v[i] * v[i], ++cnt[r], all += v[i];
    }
    const float mean = all / SAMPLE;
    float between = 0, within = 0;
    for (int r = 0; r < s; ++r) {
      const float m = sum[r] / cnt[r];
      between += cnt[r] * (m - mean) * (m - mean);
      within += sq[r] - cnt[r] * m * m;
    }
    const float F = (between / (s - 1)) / (within / (SAMPLE - s) + 1e-30f);
    if (F > 1.0f + F_SD * sqrtf(2.0f / (s - 1))) atomicOr(&strata, 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) flag[0] = small >= 128 && strata;
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
