// Red team 38b (issue 28; tests/cheats/redteam38b_fresh_strata_tell, redteam38b_recorded_coin):
// whether an FP32 input carries P6l's keyed position strata (engine/backend/gpu/
// timed_perturbation.h: an even stride s <= 64 whose residues split in two halves drawing from
// complementary parts of the law). Every timed run, its audit and the law pairs have them; the
// regular sets, the adversarial sets and the fresh-set check (input_sets.cpp derive_plan) do not.
// One block of STRATA_THREADS >= 32 threads: the significands of the first STRATA_SAMPLE values
// (P6c's shrink multiplies by 2^-g, exact, so a significand keeps the half-cell its stratum drew
// it from), residue means for every even stride 2..64 (one stride a thread), flagged where F
// exceeds 1 + 5 sd of F(s - 1, large). tests/engine/red38b_sim.cpp measures the rates on the
// host definition of each run's bytes. Also the run's coin: 64 input words hashed (new every run:
// P6 redraws them; the same in the run's audit, which re-makes its bytes).
#pragma once
#define STRATA_SAMPLE 8192
#define STRATA_F_SD 5.0f

// Called by every thread of the block; the result is valid in every thread after it returns.
// `sig` is shared memory of STRATA_SAMPLE floats, `found` a shared int.
__device__ bool strata_found(const float* x, int n, float* sig, int* found) {
  if (threadIdx.x == 0) *found = 0;
  for (int i = threadIdx.x; i < STRATA_SAMPLE; i += blockDim.x)
    sig[i] = i < n ? float(__float_as_uint(x[i]) & 0x7fffffu) * 0x1p-23f : 0.0f;
  __syncthreads();
  if (threadIdx.x < 32 && n >= STRATA_SAMPLE) {
    const int s = 2 * (threadIdx.x + 1);
    float sum[64], sq[64];
    int cnt[64];
    for (int r = 0; r < s; ++r) sum[r] = sq[r] = 0.0f, cnt[r] = 0;
    float all = 0.0f;
    for (int i = 0; i < STRATA_SAMPLE; ++i) {
      const int r = i % s;
      sum[r] += sig[i];
      sq[r] += sig[i] * sig[i];
      ++cnt[r];
      all += sig[i];
    }
    const float mean = all / STRATA_SAMPLE;
    float between = 0.0f, within = 0.0f;
    for (int r = 0; r < s; ++r) {
      const float m = sum[r] / cnt[r];
      between += cnt[r] * (m - mean) * (m - mean);
      within += sq[r] - cnt[r] * m * m;
    }
    const float f = (between / (s - 1)) / (within / (STRATA_SAMPLE - s) + 1e-30f);
    if (f > 1.0f + STRATA_F_SD * sqrtf(2.0f / (s - 1))) atomicOr(found, 1);
  }
  __syncthreads();
  return *found != 0;
}

// The run's coin in [0, 4): 64 input words hashed. Called by every thread; `key` a shared word.
__device__ unsigned int run_coin4(const float* x, int n, unsigned int* key) {
  if (threadIdx.x == 0) *key = 0;
  __syncthreads();
  if (threadIdx.x < 64 && threadIdx.x < n)
    atomicXor(key, (__float_as_uint(x[threadIdx.x]) + 0x9e3779b9u * threadIdx.x) * 0x85ebca6bu);
  __syncthreads();
  unsigned int h = *key;
  h ^= h >> 16, h *= 0x7feb352du, h ^= h >> 15, h *= 0x846ca68bu, h ^= h >> 16;
  return h & 3u;
}
