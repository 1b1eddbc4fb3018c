// control_hon20_rmsnorm_rsqrtf child in the shape of llama.cpp's rms_norm_f32 (ggml-cuda/norm.cu,
// MIT; written here): a block per row strides the row summing squares, warp_reduce_sum by
// shuffles, the warps' sums through shared memory, scale = rsqrtf(mean + eps), y = w x scale.
extern "C" __global__ void __launch_bounds__(1024) rms_norm_f32(const float* __restrict__ x,
                                                               const float* __restrict__ w,
                                                               float* __restrict__ y, int R, int C,
                                                               float eps) {
  __shared__ float s_sum[32];
  const float* row = x + (size_t)blockIdx.x * C;
  float tmp = 0.f;
  for (int col = threadIdx.x; col < C; col += blockDim.x) {
    const float xi = row[col];
    tmp += xi * xi;
  }
  for (int o = 16; o > 0; o >>= 1) tmp += __shfl_xor_sync(0xffffffffu, tmp, o);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) s_sum[warp] = tmp;
  __syncthreads();
  tmp = s_sum[lane];
  for (int o = 16; o > 0; o >>= 1) tmp += __shfl_xor_sync(0xffffffffu, tmp, o);
  const float scale = rsqrtf(tmp / C + eps);
  for (int col = threadIdx.x; col < C; col += blockDim.x)
    y[(size_t)blockIdx.x * C + col] = w[col] * (row[col] * scale);
}
