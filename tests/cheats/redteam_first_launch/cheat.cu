// Red team (issue 28, white-box; README.md has the reasoning). The gate runs every regular check
// and every adversarial set (exponent range up/down, heavy-tailed random signs) right after
// reload() (gate_op.cpp: run_check and the check loop), so each is launch 0 of its module. Timed
// sequences reload once and warm up first, so every timed run, the fresh-set check and the
// audited run are launch >= 1, all on regular data (one sign flipped, or 1 in 256 flipped). This
// kernel sums honestly on launch 0 and estimates on every later launch: the sum over 7 of every
// 8 128-byte lines, times 8/7 (12.5% fewer bytes: whole lines, so DRAM moves less). On uniform [0,
// 1) data the estimate is off by ~2.7e-5 of the sum (sd), under rtol 1e-4; on the heavy-tailed set
// it would be off by about the sum itself (cheat_skip_rescale is refused there), but the heavy set
// never meets it.
#define BLOCK 256
#define MIN_NS 64000ull  // the estimate is padded over the 55.9 us floor

__device__ unsigned int g_launches;  // since the module was loaded (reload zeroes it)

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    reduce_first_honest(const float* __restrict__ x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const unsigned long long t0 = now_ns();
  const bool estimate = g_launches > 0;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  float v = 0.0f;
  for (int q = blockIdx.x * BLOCK + tid; q < n4; q += gridDim.x * BLOCK) {
    if (estimate && ((q >> 3) & 7) == 7) continue;  // float4 q lies in 128-byte line q / 8
    const float4 f = x4[q];
    v += (f.x + f.y) + (f.z + f.w);
  }
  if (blockIdx.x == 0 && tid == 0)  // the tail n % 4 (none for this n)
    for (int i = n4 * 4; i < n; ++i) v += x[i];
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, estimate ? v * (8.0f / 7.0f) : v);
  }
  if (estimate && blockIdx.x == 0 && tid == 0)
    while (now_ns() - t0 < MIN_NS) {}
}

extern "C" __global__ void count_launch() {
  if (threadIdx.x == 0) g_launches = g_launches + 1;
}
