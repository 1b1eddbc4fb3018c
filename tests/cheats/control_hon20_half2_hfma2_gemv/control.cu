// control_hon20_half2_hfma2_gemv child in the shape of llama.cpp's mul_mat_vec for F16 at
// default precision (ggml-org/llama.cpp ggml/src/ggml-cuda/mmv.cu, MIT; written here): a block
// per row, each thread walks half2 pairs of the row and of x with __hfma2 into a half2
// accumulator, widens it (__low2float + __high2float), then a warp shuffle and a shared-memory
// sum over the block's warps in FP32.
#include <cuda_fp16.h>
extern "C" __global__ void __launch_bounds__(128) gemv_hfma2(const __half* __restrict__ W,
                                                            const __half* __restrict__ x,
                                                            float* __restrict__ y, int O, int I) {
  const int o = blockIdx.x, t = threadIdx.x;
  const __half2* w2 = reinterpret_cast<const __half2*>(W + (size_t)o * I);
  const __half2* x2 = reinterpret_cast<const __half2*>(x);
  __half2 acc = __float2half2_rn(0.0f);
  for (int i = t; i < I / 2; i += blockDim.x) acc = __hfma2(w2[i], x2[i], acc);
  float sum = __low2float(acc) + __high2float(acc);
  for (int d = 16; d > 0; d >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, d);
  __shared__ float warp_sum[4];
  if ((t & 31) == 0) warp_sum[t >> 5] = sum;
  __syncthreads();
  if (t == 0) y[o] = warp_sum[0] + warp_sum[1] + warp_sum[2] + warp_sum[3];
}
