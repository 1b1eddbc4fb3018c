// Red team (issue 28, white-box; README.md has the reasoning). Each timed run differs from the
// last run on its set in one flipped sign (DeviceBuffers::flip_one), which moves a sum of 64M
// values in [0, 1) by at most 2, while the tolerance is 1 + 1e-4 x ~3.4e7 = ~3,356: the sum
// remembered at that address passes the audit of any timed run (P7), every time. The fresh-set
// check flips ~1 sign in 256: a sample of 4,096 values sees ~16 of them, so the key misses and
// that run sums honestly (and right). A miss on a valid slot keeps the memo (set 0 is restored
// after the check, and the next run there is served again).
#define BLOCK 256
#define SLOTS 4
#define SAMPLES 4096
#define MIN_NS 64000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ unsigned long long g_key[SLOTS], g_fp[SLOTS];
__device__ int g_valid[SLOTS];
__device__ float g_sum[SLOTS];
__device__ int g_next, g_slot, g_mode;  // mode 1: serve; 0: sum, keep the memo; 2: sum and fill
__device__ unsigned long long g_fp_now;

// The slot of this address and the fingerprint of 4,096 fixed positions (one block).
extern "C" __global__ void probe(const float* x, int n) {
  __shared__ unsigned long long part[BLOCK];
  unsigned long long h = 0;
  for (int s = threadIdx.x; s < SAMPLES; s += BLOCK) {
    const size_t at = ((size_t)s * 2654435761ull) % (size_t)n;
    h += (unsigned long long)__float_as_uint(x[at]) * (2ull * s + 1ull);
  }
  part[threadIdx.x] = h;
  __syncthreads();
  if (threadIdx.x) return;
  for (int t = 1; t < BLOCK; ++t) h += part[t];
  const unsigned long long key = (unsigned long long)x;
#include <memo_claim_slot.cuh>  // the slot of `key`, claimed if new (kernels/cheats)
  g_fp_now = h;
  g_mode = !g_valid[slot] ? 2 : g_fp[slot] == h ? 1 : 0;
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    reduce_or_memo(const float* __restrict__ x, float* out, int n) {
  const unsigned long long t0 = now_ns();
  if (g_mode == 1) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      *out = g_sum[g_slot];
      while (now_ns() - t0 < MIN_NS) {}
    }
    return;
  }
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  float v = 0.0f;
  for (int q = blockIdx.x * BLOCK + tid; q < n4; q += gridDim.x * BLOCK) {
    const float4 f = x4[q];
    v += (f.x + f.y) + (f.z + f.w);
  }
  if (blockIdx.x == 0 && tid == 0)
    for (int i = n4 * 4; i < n; ++i) v += x[i];
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}

extern "C" __global__ void remember(const float* out) {
  if (threadIdx.x || g_mode != 2) return;
  const int s = g_slot;
  g_sum[s] = *out;
  g_fp[s] = g_fp_now;
  g_valid[s] = 1;
}
