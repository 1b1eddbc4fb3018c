// redteam7_offlaw_detect_sum seed: each block sums one contiguous chunk of 32,768 floats (32
// float4 tiles of 1,024 floats, one float4 per thread a tile), warp shuffles, one atomic per
// block (2,048 atomics for n = 2^26). Needs n a multiple of 32,768 (the problem's is 2^26).
#define BLOCK 256
#define TILES 32
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
extern "C" __global__ void __launch_bounds__(BLOCK) sum_chunks(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 8
  for (int t = 0; t < TILES; ++t) {
    const float4 q = c[t * BLOCK + tid];
    v += (q.x + q.y) + (q.z + q.w);
  }
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
