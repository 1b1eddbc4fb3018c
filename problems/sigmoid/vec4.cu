// 128-bit accesses: one float4 per thread. Requires n % 4 == 0.
__device__ __forceinline__ float sig(float v) { return 1.0f / (1.0f + expf(-v)); }

extern "C" __global__ void sigmoid_vec4(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    const float4 v = reinterpret_cast<const float4*>(x)[i];
    reinterpret_cast<float4*>(y)[i] = make_float4(sig(v.x), sig(v.y), sig(v.z), sig(v.w));
  }
}
