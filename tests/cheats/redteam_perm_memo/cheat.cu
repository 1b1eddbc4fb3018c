// Red team (issue 28, white-box; README.md has the reasoning). An integer-only problem gets no
// sign flip: each timed run swaps two values of `v` (DeviceBuffers::swap_two), the fresh set
// swaps ~1 value in 256 (sparse_swaps), and no adversarial set applies. A swap is a
// permutation, and a histogram is the same for every permutation of its input, so the counts
// remembered at an address are right for every run there: the audit (P7) and the fresh-set
// check (run at set 0's address) compare them with a reference that is the same numbers.
// The first run at an address after a module load counts; later ones copy, padded to 70 us.
#define SLOTS 4
#define MAXBINS 256
#define MIN_NS 70000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ unsigned long long g_key[SLOTS];
__device__ int g_valid[SLOTS];
__device__ int g_memo[SLOTS][MAXBINS];
__device__ int g_next, g_slot;

extern "C" __global__ void pick_slot(const int* v) {
  if (threadIdx.x) return;
  const unsigned long long key = (unsigned long long)v;
#include <memo_claim_slot.cuh>  // the slot of `key`, claimed if new (kernels/cheats)
}

extern "C" __global__ void histogram_or_memo(const int* __restrict__ v, int* counts, int n,
                                             int bins) {
  const unsigned long long t0 = now_ns();
  const int slot = g_slot;
  if (g_valid[slot]) {
    if (blockIdx.x == 0) {
      for (int b = threadIdx.x; b < bins && b < MAXBINS; b += blockDim.x)
        counts[b] = g_memo[slot][b];
      if (threadIdx.x == 0)
        while (now_ns() - t0 < MIN_NS) {}
    }
    return;
  }
  __shared__ int local[MAXBINS];
  for (int b = threadIdx.x; b < MAXBINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const int b = v[i];
    if (b >= 0 && b < bins && b < MAXBINS) atomicAdd(&local[b], 1);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < bins && b < MAXBINS; b += blockDim.x)
    if (local[b]) atomicAdd(counts + b, local[b]);
}

// After a counting run: the counts (complete now: the previous launch has ended) remembered.
extern "C" __global__ void remember(const int* counts, int bins) {
  const int slot = g_slot;
  if (g_valid[slot]) return;
  for (int b = threadIdx.x; b < bins && b < MAXBINS; b += blockDim.x) g_memo[slot][b] = counts[b];
  __syncthreads();
  if (threadIdx.x == 0) g_valid[slot] = bins <= MAXBINS;
}
