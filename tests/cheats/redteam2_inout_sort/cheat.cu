// Red team round 2 (issue 28, white-box; README.md has the reasoning). `data` is an integer
// `inout` buffer. perturbable() is for floats and swappable() for role `in` only
// (engine/backend/gpu/input_sets.cpp:159, :215), so timed_perturbations() changes nothing here:
// every timed run at an address starts from the same bytes (the in-out copy is restored before
// each run, DeviceBuffers::prepare_variant_run). The fresh set of a problem with nothing to flip
// is newly seeded (Worker::add_fresh_set): the 64-key fingerprint misses it and it is sorted.
// The sort's launches are the seed's under their own names (the loop offers a child only where
// it changes the seed's dominant kernel: generators/candidate.cpp), each returning at
// once when the memo is served.
#define NMAX 4194304
#define SLOTS 3
#define SAMPLES 64
#define MIN_NS 16000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ int g_sorted[SLOTS][NMAX];
__device__ const int* g_key[SLOTS];
__device__ unsigned long long g_fp[SLOTS];
__device__ int g_used, g_slot, g_mode;  // mode 1: serve; 2: sort and fill; 0: sort

#include <fingerprint_probe.cuh>  // probe: the slot and the mode (kernels/cheats)

extern "C" __global__ void clear_or_skip(int* hist, int B) {
  if (g_mode == 1) return;
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < B) hist[v] = 0;
}

extern "C" __global__ void count_or_skip(const int* data, int* hist, int n) {
  if (g_mode == 1) return;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&hist[data[i]], 1);
}

extern "C" __global__ void __launch_bounds__(1024) scan_or_skip(const int* hist, int* start, int B) {
  if (g_mode == 1) return;
  __shared__ int part[1024];
  const int tid = threadIdx.x, per = (B + 1023) / 1024, lo = tid * per;
  int sum = 0;
  for (int v = lo; v < lo + per && v < B; ++v) sum += hist[v];
  part[tid] = sum;
  __syncthreads();
  for (int o = 1; o < 1024; o <<= 1) {
    const int add = tid >= o ? part[tid - o] : 0;
    __syncthreads();
    part[tid] += add;
    __syncthreads();
  }
  int acc = part[tid] - sum;
  for (int v = lo; v < lo + per && v < B; ++v) {
    start[v] = acc;
    acc += hist[v];
  }
}

extern "C" __global__ void expand_or_skip(int* data, const int* hist, const int* start, int B) {
  if (g_mode == 1) return;
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= B) return;
  const int s = start[v], c = hist[v];
  for (int j = 0; j < c; ++j) data[s + j] = v;
}

// Serve: copy the remembered sorted keys (padded); fill: remember this run's.
extern "C" __global__ void finish(int* data, int n) {
  const unsigned long long t0 = now_ns();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int s = g_slot, mode = g_mode;
  if (mode == 1) {
    if (i < n) data[i] = g_sorted[s][i];
    if (i == 0)
      while (now_ns() - t0 < MIN_NS) {
      }
  } else if (mode == 2 && i < n) {
    g_sorted[s][i] = data[i];
  }
}
