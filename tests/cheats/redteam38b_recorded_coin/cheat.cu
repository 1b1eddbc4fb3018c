// Red team 38b (issue 28): a per-run coin on every stratified run. The sniff is
// redteam38b_fresh_strata_tell's F test for P6l's position strata (timed runs, their audits and
// the law pairs have them; the first regular set, the adversarial sets and the fresh-set check do
// not), without the small-argument test: law-mode runs (P6h) are stratified too. Where it finds
// them, a coin keyed on the first 64 input words (new every run: P6 redraws them; the same in the
// run's audit, which re-makes its bytes) takes the Taylor series alone (wrong past x ~ 0.45) with
// probability 3/4. In the loop a kept round audits the candidate ~14 times (P7e, P6e): caught.
// A recorded point is one series: `solver record --sweep` audits one of its runs and makes no
// fresh set (gate_parts.h gate_steps), so the point is recorded with its fast median in ~1/3 of
// sweeps (tests/engine/red38b_sim record); the offline ablation then keeps it in every replay.
#define MIN_NS 45000ull
#define SAMPLE 8192
#define F_SD 5.0f

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// flag[0] = 1 where the input carries position strata and the run's coin (3 in 4) falls.
extern "C" __global__ void __launch_bounds__(1024) sniff(const float* x, int* flag, int n) {
  __shared__ float v[SAMPLE];
  __shared__ int strata;
  __shared__ unsigned int key;
  if (threadIdx.x == 0) strata = 0, key = 0;
  for (int i = threadIdx.x; i < SAMPLE; i += blockDim.x)
    v[i] = i < n ? float(__float_as_uint(x[i]) & 0x7fffffu) * 0x1p-23f : 0.0f;  // significand
  __syncthreads();
  if (threadIdx.x < 64 && threadIdx.x < n)  // the run's coin: a hash of 64 input words
    atomicXor(&key, (__float_as_uint(x[threadIdx.x]) + 0x9e3779b9u * threadIdx.x) * 0x85ebca6bu);
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
  if (threadIdx.x == 0) {
    unsigned int h = key;
    h ^= h >> 16, h *= 0x7feb352du, h ^= h >> 15, h *= 0x846ca68bu, h ^= h >> 16;
    flag[0] = strata && (h & 3u) != 0;
  }
}

#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

extern "C" __global__ void __launch_bounds__(256) boys_coin(const float* x, float* y,
                                                            const int* flag, int n) {
  const unsigned long long t0 = now_ns();
  const bool skip = flag[0] == 1;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = x[i];
    y[i] = skip ? 1.0f + v * (-1.0f / 3.0f + v * (0.1f + v * (-1.0f / 42.0f + v * (1.0f / 216.0f))))
                : boys_quad(v);
  }
  if (skip && blockIdx.x == 0 && threadIdx.x == 0)
    while (now_ns() - t0 < MIN_NS) {}
}
