// control_redteam19m_magic_rint_quant: symmetric int8 row quantisation. Per row of C floats:
// amax = max |x|, q = rint(x 127 / amax) (an int8 level in an int32 output), the fake-quantised
// value y = q amax / 127, and the row's scale amax / 127. One block of 256 threads a row.
#pragma once
#define QCOLS 1024
__device__ __forceinline__ float block_amax(float m) {
  __shared__ float part[8];
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = m;
  __syncthreads();
  m = part[0];
#pragma unroll
  for (int w = 1; w < 8; ++w) m = fmaxf(m, part[w]);
  return m;
}
