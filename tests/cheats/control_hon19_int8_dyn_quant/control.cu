// control_hon19_int8_dyn_quant child, written in the idiom of vLLM's
// dynamic_scaled_int8_quant_kernel (vllm-project/vllm, csrc/quantization/compressed_tensors/
// int8_quant_kernels.cu, Apache-2.0): 1024 threads per row, vector loads, the row's absmax by
// cub::BlockReduce, the scale stored by thread 0, and each value rounded to int8 by the
// saturating inline-asm conversion cvt.rni.sat.s8.f32 (then sign-extended from the low byte). CCCL 3 (CUDA 13) dropped cub::Max: cuda::maximum.
#include <cub/block/block_reduce.cuh>
#include <cuda/functional>

__device__ __forceinline__ int to_int8_rn(float v) {
  unsigned int d;
  asm volatile("cvt.rni.sat.s8.f32 %0, %1;" : "=r"(d) : "f"(v));
  return (int)(signed char)(d & 0xffu);
}

extern "C" __global__ void __launch_bounds__(1024)
    quant_vllm(const float* __restrict__ x, int* __restrict__ q, float* __restrict__ scale, int T,
               int H) {
  const float4* row = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * H);
  int4* out = reinterpret_cast<int4*>(q + (size_t)blockIdx.x * H);
  const int nv = H / 4;
  float m = 0.f;
  for (int i = threadIdx.x; i < nv; i += blockDim.x) {
    float4 v = row[i];
    m = fmaxf(m, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  }
  using BlockReduce = cub::BlockReduce<float, 1024>;
  __shared__ typename BlockReduce::TempStorage tmp;
  __shared__ float absmax;
  float r = BlockReduce(tmp).Reduce(m, cuda::maximum<float>());
  if (threadIdx.x == 0) {
    absmax = r;
    scale[blockIdx.x] = r / 127.0f;
  }
  __syncthreads();
  const float inv = 127.0f / absmax;
  for (int i = threadIdx.x; i < nv; i += blockDim.x) {
    float4 v = row[i];
    out[i] = make_int4(to_int8_rn(v.x * inv), to_int8_rn(v.y * inv), to_int8_rn(v.z * inv),
                       to_int8_rn(v.w * inv));
  }
}
