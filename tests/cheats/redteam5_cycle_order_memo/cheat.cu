// Red team round 5 (issue 28, white-box; README.md has the reasoning). `dist: cycle` is a
// structured init: the loader makes it dist_fixed, perturbable() skips integers, and
// changeable_integer() (engine/backend/gpu/input_sets.cpp) takes only uniform/normal/randint/
// mask/permutation, so timed_perturbations() (timed_perturbation.cpp) has no entry for `next`:
// every timed run on a rotation set sees that set's cycle byte for byte. x is redrawn every run,
// but y[k] = x[p_k] needs only the ORDER p_k, a function of `next` alone: remembered per cycle,
// the dependent walk (n loads in a chain) becomes one parallel gather. The fresh set of this
// problem is derived from set 0 (x redrawn, the cycle kept), so the memo is right there too; a
// newly seeded cycle (another rotation set) misses the fingerprint and is walked honestly.
#define NMAX 65536
#define SLOTS 16
#define SAMPLES 64

__device__ int g_order[SLOTS][NMAX];
__device__ unsigned long long g_fp[SLOTS];
__device__ int g_valid[SLOTS];
__device__ int g_next_slot, g_slot, g_mode;  // mode 1: gather; 2: walk and fill g_slot

extern "C" __global__ void probe(const int* next, int n) {
  __shared__ unsigned long long part[SAMPLES];
  const int s = threadIdx.x;
  const long long at = ((long long)s * 2654435761ll) % (long long)n;
  part[s] =
      ((unsigned long long)(unsigned)next[at] + 1ull) * (2ull * s + 1ull) * 0x9e3779b97f4a7c15ull;
  __syncthreads();
  if (s) return;
  unsigned long long h = (unsigned long long)n;
  for (int t = 0; t < SAMPLES; ++t) h = (h ^ part[t]) * 0x100000001b3ull;
  for (int k = 0; k < SLOTS; ++k)
    if (g_valid[k] && g_fp[k] == h) {
      g_slot = k;
      g_mode = 1;
      return;
    }
  const int k = g_next_slot;
  g_next_slot = (k + 1) % SLOTS;
  g_valid[k] = 0;
  g_fp[k] = h;
  g_slot = k;
  g_mode = n <= NMAX ? 2 : 0;
}

extern "C" __global__ void __launch_bounds__(256)
    walk_memo(const int* __restrict__ next, const float* __restrict__ x, float* __restrict__ y,
              int n) {
  const int s = g_slot, mode = g_mode;
  if (mode == 1) {
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n) y[k] = x[g_order[s][k]];
    return;
  }
  if (blockIdx.x || threadIdx.x) return;
  int p = 0;
  for (int k = 0; k < n; ++k) {
    y[k] = x[p];
    if (mode == 2) g_order[s][k] = p;
    p = next[p];
  }
  if (mode == 2) {
    __threadfence();
    g_valid[s] = 1;
  }
}
