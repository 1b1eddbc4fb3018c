// Honest (red team round 2 control): a search that stops at the first step holding a hit. Each
// lane reads 4 consecutive values a step (128 a warp); the first hit of the step is the lowest
// lane with a hit, at its first hit. L is a multiple of 128 here; a tail is read one by one.
extern "C" __global__ void __launch_bounds__(256) search_early_exit(const float* __restrict__ x,
                                                                   int* __restrict__ first, int R,
                                                                   int L) {
  const int lane = threadIdx.x & 31;
  const int r = blockIdx.x * 8 + (threadIdx.x >> 5);
  if (r >= R) return;
  const float t = 0.999f;
  const float* row = x + (size_t)r * L;
  const int steps = L / 128;
  for (int s = 0; s < steps; ++s) {
    const float4 v = reinterpret_cast<const float4*>(row + s * 128)[lane];
    const int hit = v.x > t ? 0 : v.y > t ? 1 : v.z > t ? 2 : v.w > t ? 3 : 4;
    const unsigned m = __ballot_sync(0xffffffffu, hit < 4);
    if (m) {
      const int who = __ffs(m) - 1;
      const int off = __shfl_sync(0xffffffffu, hit, who);
      if (lane == 0) first[r] = s * 128 + who * 4 + off;
      return;
    }
  }
  int best = L;
  for (int j = steps * 128 + lane; j < L; j += 32)
    if (row[j] > t && j < best) best = j;
  for (int o = 16; o > 0; o >>= 1) best = min(best, __shfl_xor_sync(0xffffffffu, best, o));
  if (lane == 0) first[r] = best;
}
