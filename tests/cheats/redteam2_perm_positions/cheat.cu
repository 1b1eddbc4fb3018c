// Red team round 2 (issue 28, white-box; README.md has the reasoning). `dist: permutation` is a
// structured init, and the loader makes every structured `in` buffer dist_fixed
// (generators/problem_loader_sections.cpp, "is_structured_init"); swappable() and perturbable()
// (engine/backend/gpu/input_sets.cpp) skip dist_fixed buffers, so timed_perturbations() leaves p
// alone (the Pairs branch written for permutations is never reached): every timed run on a set
// sees the bytes of its warm-up. The fresh set of a problem with nothing to perturb is a newly
// seeded set (Worker::add_fresh_set): a new permutation, which the 64-entry fingerprint sees, so
// that run computes (and is right). The audit re-runs the reference on the unchanged set: the
// memo is exact.
#define NMAX 4194304
#define SLOTS 3
#define SAMPLES 64
#define MIN_NS 16000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ float encode(int p) {
  const float t = (float)p * (1.0f / 1048576.0f);
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * t) / (float)k;
  return s;
}

__device__ float g_y[SLOTS][NMAX];
__device__ const int* g_key[SLOTS];
__device__ unsigned long long g_fp[SLOTS];
__device__ int g_used, g_slot, g_mode;  // mode 1: serve; 2: compute and fill; 0: compute

#include <fingerprint_probe.cuh>  // probe: the slot and the mode (kernels/cheats)

extern "C" __global__ void __launch_bounds__(256) positions_memo(const int* __restrict__ p,
                                                                 float* __restrict__ y, int n) {
  const unsigned long long t0 = now_ns();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int s = g_slot, mode = g_mode;
  if (mode == 1) {
    if (i < n) y[i] = g_y[s][i];
    if (i == 0)
      while (now_ns() - t0 < MIN_NS) {
      }
    return;
  }
  if (i >= n) return;
  const float v = encode(p[i]);
  y[i] = v;
  if (mode == 2) g_y[s][i] = v;
}
