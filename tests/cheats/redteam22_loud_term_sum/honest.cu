// redteam22_loud_term_sum seed: one block a 32,768-value chunk of x, float4 loads, FP32 sums, a
// warp shuffle tree and one float atomicAdd a block into y; block 0 adds the 16 values of z.
// Needs n a multiple of 32,768.
#define CHUNK 32768
__device__ __forceinline__ float block_sum(float v) {
  __shared__ float warp[32];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) warp[threadIdx.x >> 5] = v;
  __syncthreads();
  v = threadIdx.x < (blockDim.x >> 5) ? warp[threadIdx.x] : 0.f;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
extern "C" __global__ void __launch_bounds__(256)
    term_sum(const float* x, const float* z, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  float acc = (blockIdx.x == 0 && threadIdx.x < 16) ? z[threadIdx.x] : 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  acc = block_sum(acc);
  if (threadIdx.x == 0) atomicAdd(y, acc);
}
