// Red team round 5 (issue 28, white-box; README.md has the reasoning). An i32 buffer drawn from
// `dist: normal` is changeable_integer (engine/backend/gpu/input_sets.cpp) but not a Range law:
// timed_perturbations() (timed_perturbation.cpp, the "permutation (only an exchange keeps it
// one) and integer normals" branch) gives it PerturbOp::Pairs, an exchange of every position in
// seeded pairs. The multiset of keys is the same in every timed run of a set, and in the fresh
// set (derive_plan: the same Pairs on set 0); the adversarial sets change floats only. A
// histogram is order-free, so sum(mix64(x[i])) (wrapping; independent of the order) is a key
// that never misses on a set it has seen and a memo of the counts is exact in every check and
// audit. A new rotation set (another seed: another multiset) misses and is counted honestly.
#include "common.cuh"
#define SLOTS 16

__device__ unsigned long long g_acc;
__device__ unsigned long long g_key[SLOTS];
__device__ int g_valid[SLOTS];
__device__ unsigned g_memo[SLOTS][256];
__device__ int g_next;

__device__ __forceinline__ unsigned long long mix64(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

__device__ int lookup(unsigned long long key) {
  for (int k = 0; k < SLOTS; ++k)
    if (g_valid[k] && g_key[k] == key) return k;
  return -1;
}

extern "C" __global__ void fp_reset(unsigned* counts) {
  counts[threadIdx.x] = 0;
  if (threadIdx.x == 0) g_acc = 0;
}

extern "C" __global__ void __launch_bounds__(256) fp_sum(const int* __restrict__ x, int n) {
  __shared__ unsigned long long part[256];
  unsigned long long s = 0;
  const int base = blockIdx.x * 4096 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 16; ++j)
    if (base + 256 * j < n) s += mix64((unsigned long long)(unsigned)x[base + 256 * j]);
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&g_acc, part[0]);
}

extern "C" __global__ void __launch_bounds__(256)
    hist_memo(const int* __restrict__ x, unsigned* __restrict__ counts, int n) {
  const int hit = lookup(g_acc);
  if (hit >= 0) {
    if (blockIdx.x == 0) counts[threadIdx.x] = g_memo[hit][threadIdx.x];
    return;
  }
  __shared__ unsigned h[256];
  h[threadIdx.x] = 0;
  __syncthreads();
  const int base = blockIdx.x * 1024 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    if (base + 256 * j < n) atomicAdd(&h[mixed_bin(x[base + 256 * j])], 1u);
  __syncthreads();
  if (h[threadIdx.x]) atomicAdd(&counts[threadIdx.x], h[threadIdx.x]);
}

// A miss: the counts just made go to the next slot, under the fingerprint they were made for.
extern "C" __global__ void fp_store(const unsigned* counts) {
  __shared__ int slot;
  if (threadIdx.x == 0) {
    slot = -1;
    if (lookup(g_acc) < 0) {
      slot = g_next;
      g_next = (slot + 1) % SLOTS;
      g_valid[slot] = 0;
    }
  }
  __syncthreads();
  if (slot < 0) return;
  g_memo[slot][threadIdx.x] = counts[threadIdx.x];
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) {
    g_key[slot] = g_acc;
    g_valid[slot] = 1;
  }
}
