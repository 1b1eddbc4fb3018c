// corpus_fresh8: sgl_per_tensor_absmax_bf16 -- sgl-project/sglang,
// sgl-kernel/csrc/gemm/per_tensor_quant_fp8.cu: per_tensor_absmax_kernel<__nv_bfloat16> as
// sgl_per_tensor_quant_fp8 launches it for a dynamic scale (min(ceil(n / 256), 1024) blocks of
// 256 threads): a grid-stride loop of 16-byte loads (eight bf16 each), |x| max per thread, a
// block max through warp shuffles and shared memory, and one atomic max of max / 448 (the FP8
// E4M3 range) per block. Rewritten for the problem format (see README.md).
#include <cuda_bf16.h>

#define WARP_SIZE 32
#define FP8_E4M3_MAX 448.0f

__device__ __forceinline__ float warpReduceMax(float max_value) {
  max_value = fmaxf(max_value, __shfl_xor_sync(0xffffffff, max_value, 16));
  max_value = fmaxf(max_value, __shfl_xor_sync(0xffffffff, max_value, 8));
  max_value = fmaxf(max_value, __shfl_xor_sync(0xffffffff, max_value, 4));
  max_value = fmaxf(max_value, __shfl_xor_sync(0xffffffff, max_value, 2));
  max_value = fmaxf(max_value, __shfl_xor_sync(0xffffffff, max_value, 1));
  return max_value;
}

__device__ __forceinline__ float blockReduceMax(float max_value) {
  static __shared__ float warpLevelMaxs[WARP_SIZE];
  const int laneId = threadIdx.x % WARP_SIZE;
  const int warpId = threadIdx.x / WARP_SIZE;
  max_value = warpReduceMax(max_value);
  if (laneId == 0) warpLevelMaxs[warpId] = max_value;
  __syncthreads();
  max_value = (threadIdx.x < blockDim.x / WARP_SIZE) ? warpLevelMaxs[laneId] : 0;
  if (warpId == 0) max_value = warpReduceMax(max_value);
  return max_value;
}

// A float max through the integer atomics (ordered for non-negative floats).
__device__ __forceinline__ float atomicMaxFloat(float* addr, float value) {
  float old;
  old = (value >= 0) ? __int_as_float(atomicMax((int*)addr, __float_as_int(value)))
                     : __uint_as_float(atomicMin((unsigned int*)addr, __float_as_uint(value)));
  return old;
}

extern "C" __global__ void per_tensor_absmax_kernel_bf16(const __nv_bfloat16* __restrict__ input,
                                                         float* __restrict__ output_s,
                                                         const long long num_elements) {
  float max_value = 0.0f;
  unsigned int tid = threadIdx.x;
  unsigned int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int grid_size = blockDim.x * gridDim.x;
  constexpr unsigned int vec_size = 16 / sizeof(__nv_bfloat16);
  const int num_vec_elems = num_elements / vec_size;
  for (int i = gid; i < num_vec_elems; i += grid_size) {
    // flashinfer::vec_t<__nv_bfloat16, 8>::cast_load: one 16-byte load
    const uint4 raw = *reinterpret_cast<const uint4*>(input + (long long)i * vec_size);
    const __nv_bfloat16* v = reinterpret_cast<const __nv_bfloat16*>(&raw);
#pragma unroll
    for (unsigned int j = 0; j < vec_size; ++j) {
      float val = __bfloat162float(v[j]);
      max_value = fmaxf(max_value, fabsf(val));
    }
  }
  const int remaining_start = num_vec_elems * vec_size;
  for (long long idx = remaining_start + gid; idx < num_elements; idx += grid_size) {
    float val = __bfloat162float(input[idx]);
    max_value = fmaxf(max_value, fabsf(val));
  }
  max_value = blockReduceMax(max_value);
  if (tid == 0) atomicMaxFloat(output_s, max_value / FP8_E4M3_MAX);
}
