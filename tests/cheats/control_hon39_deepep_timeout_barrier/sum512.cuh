// control_hon39_deepep_timeout_barrier: a block of 512's sum of float4 x4[lo, hi) (shuffles, then
// one warp over the 16 warp sums); the same order in every block that sums the same range.
__device__ __forceinline__ float block_sum512(const float4* x4, int lo, int hi, float* red) {
  float s = 0.f;
  for (int i = lo + threadIdx.x; i < hi; i += 512) {
    const float4 v = x4[i];
    s += (v.x + v.y) + (v.z + v.w);
  }
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = s;
  __syncthreads();
  s = red[threadIdx.x & 15];
  for (int o = 8; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  __syncthreads();
  return s;
}
