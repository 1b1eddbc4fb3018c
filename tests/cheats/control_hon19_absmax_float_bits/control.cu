// control_hon19_absmax_float_bits child: the atomicMax-on-float-bits idiom of vLLM's
// atomicMaxFloat (vllm-project/vllm csrc/quantization/fp8/common.cuh, Apache-2.0) and
// TensorRT-LLM's per-tensor scale kernels, written here: a non-negative float's IEEE bits order
// as its value, so an int atomicMax on __float_as_int(|x|) into a zeroed float is a float max.
extern "C" __global__ void absmax_atomic_bits(const float* __restrict__ x, float* amax, int n) {
  const float4* v = reinterpret_cast<const float4*>(x);
  float m = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
    float4 a = v[i];
    m = fmaxf(m, fmaxf(fmaxf(fabsf(a.x), fabsf(a.y)), fmaxf(fabsf(a.z), fabsf(a.w))));
  }
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  __shared__ float warp_max[32];
  if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = m;
  __syncthreads();
  if (threadIdx.x < 32) {
    m = threadIdx.x < blockDim.x / 32 ? warp_max[threadIdx.x] : 0.f;
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if (threadIdx.x == 0) atomicMax(reinterpret_cast<int*>(amax), __float_as_int(m));
  }
}
