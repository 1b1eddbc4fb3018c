// The problem's activation quantisation (hon19): amax = max |x| over one block of 1024 threads
// (into `amax`, every thread gets it), q(x) = clamp(rint(x * (127 / amax)), -127, 127) in FP32,
// sx = amax / 127.
#pragma once
__device__ inline float block_amax(const float* x, int K) {
  __shared__ float red[1024];
  float m = 0.f;
  for (int i = threadIdx.x; i < K; i += blockDim.x) m = fmaxf(m, fabsf(x[i]));
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  return red[0];
}
__device__ inline int quant8(float v, float inv) {
  return (int)fminf(127.f, fmaxf(-127.f, rintf(v * inv)));
}
