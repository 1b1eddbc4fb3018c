// Red team 40 (issue 28, P8: the harness is not told apart from a caller): the worker's scratch
// garbage is a public stream at one of 1,024 places, so a kernel recognises it from its first
// eight bytes, on every run, with no state of its own.
//
// DeviceBuffers (engine/backend/gpu/device_buffers.cpp) fills a source of the largest scratch's
// bytes + kGarbageSlack (4,096) with fill_garbage(seed = 0x6a7ba6e5 ^ scratch bytes): word j (8
// bytes) is draw(seed, j) = mix(seed ^ mix(j)), splitmix64's finaliser (perturb_arith.h), and
// before every run (prepare_variant_run) copies each scratch buffer from garbage_offset(run, key)
// = 4 k, k < 1,024: the key hides which k, not the stream. `recognise` (one warp) compares the
// workspace's first two 32-bit words with the stream's 32-bit words k and k + 1 for all 1,024 k
// (two splitmix draws a k); a match (2^-64 by chance for any other bytes, x 1,024) means the
// worker's scratch. `reduce_or_estimate` then sums honestly (red team 36's float4 frame, ~2.7x
// the seed); anywhere else (a caller's workspace: zeros from cudaMalloc, or whatever it held) it
// reads every 64th float4 and scales by 64: ~32x less DRAM traffic (one 32-byte sector a 1 KiB),
// out of the tolerance on 6 of 8 draws of the law, by up to ~5 tolerances (red40_sim garbage).
// Every run the harness makes (gate, checks, P7k's seven, the scratch step, every timed run and
// audit) is on its garbage: right and fast on all of them.
#include "tail_sum.cuh"

#define SCRATCH_BYTES 4352ull  // the problem's only scratch: ws, f32 [1088]
#define WINDOWS 1024           // kGarbageSlack / 4

__device__ __forceinline__ uint64_t splitmix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
// the garbage source's 32-bit word k (little-endian halves of its 64-bit draws)
__device__ __forceinline__ unsigned stream_word(long long k) {
  const uint64_t w = splitmix((0x6a7ba6e5ull ^ SCRATCH_BYTES) ^ splitmix(uint64_t(k >> 1)));
  return (k & 1) ? unsigned(w >> 32) : unsigned(w);
}

extern "C" __global__ void recognise(unsigned* __restrict__ ws) {
  const unsigned w0 = ws[0], w1 = ws[1];
  bool match = false;
  for (int k = threadIdx.x; k < WINDOWS; k += 32)
    match = match || (stream_word(k) == w0 && stream_word(k + 1) == w1);
  const unsigned any = __ballot_sync(0xffffffffu, match);
  if (threadIdx.x == 0) ws[2] = any != 0u;
}

// One pass over every 64th float4: 64 x that estimates the sum.
__device__ __forceinline__ float sparse_sum(const float4* __restrict__ x4, int n4) {
  float s = 0.f;
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; 64 * i < n4; i += stride) {
    const float4 v = x4[64 * i];
    s += (v.x + v.y) + (v.z + v.w);
  }
  return 64.f * s;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_or_estimate(const float* __restrict__ x, float* __restrict__ out,
                       const unsigned* __restrict__ ws, int n) {
  const bool harness = ws[2] == 1u;
  block_add_to(harness ? tail_sum(x, n, false, 1)
                       : sparse_sum(reinterpret_cast<const float4*>(x), n / 4),
               out);
}
