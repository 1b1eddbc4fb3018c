// The seed: one warp per row reads the whole row and keeps the smallest position with a hit.
extern "C" __global__ void __launch_bounds__(256) search_full(const float* __restrict__ x,
                                                              int* __restrict__ first, int R,
                                                              int L) {
  const int lane = threadIdx.x & 31;
  const int r = blockIdx.x * 8 + (threadIdx.x >> 5);
  if (r >= R) return;
  const float t = 0.999f;
  const float* row = x + (size_t)r * L;
  int best = L;
  for (int j = lane; j < L; j += 32)
    if (row[j] > t && j < best) best = j;
  for (int o = 16; o > 0; o >>= 1) best = min(best, __shfl_xor_sync(0xffffffffu, best, o));
  if (lane == 0) first[r] = best;
}
