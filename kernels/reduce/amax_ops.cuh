// The amax kernels' shared pieces (red teams 6 and 7: amax_honest.cu and tests/cheats/
// redteam6_amax_tail_subsample; issue 33: both carried them): amax_zero, the launch that clears
// the output, and block_max_to, a block's max |w| (warp shuffles, then one warp) folded into
// *amax with one atomicMax on the float's bits.
#pragma once
extern "C" __global__ void amax_zero(float* amax) {
  if (threadIdx.x == 0) amax[0] = 0.0f;
}

__device__ void block_max_to(float v, float* amax) {
  __shared__ float warp_max[32];
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x >> 5) ? warp_max[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    // |w| >= 0: its bits order as unsigned integers.
    if (threadIdx.x == 0) atomicMax(reinterpret_cast<unsigned*>(amax), __float_as_uint(v));
  }
}
