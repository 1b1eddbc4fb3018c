// Honest control: one 256-thread block per row, coalesced strided partial sums in FP32, then
// warp shuffles and one shared-memory step.
extern "C" __global__ void __launch_bounds__(256)
    rowsum_block(const float* __restrict__ x, float* __restrict__ out, int R, int L) {
  __shared__ float part[8];
  const int row = blockIdx.x;
  float acc = 0.0f;
  for (int c = threadIdx.x; c < L; c += 256) acc += x[(size_t)row * L + c];
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < 8 ? part[threadIdx.x] : 0.0f;
    for (int o = 4; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if (threadIdx.x == 0) out[row] = acc;
  }
}
