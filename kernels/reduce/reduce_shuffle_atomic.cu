// The honest seed: two loads per thread, warp shuffles, one atomic per block.
#define BLOCK 256
#define WARPS (BLOCK / 32)
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
extern "C" __global__ void __launch_bounds__(BLOCK) reduce_shuffle(const float* x, float* out, int n) {
  __shared__ float part[WARPS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int i = blockIdx.x * (2 * BLOCK) + tid;
  float v = (i < n ? x[i] : 0.0f) + (i + BLOCK < n ? x[i + BLOCK] : 0.0f);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < WARPS ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
