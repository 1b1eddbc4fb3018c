// corpus_fresh7: trtllm_quantize_int8 -- NVIDIA/TensorRT-LLM, cpp/tensorrt_llm/kernels:
// quantizedKernel(char4*, float4 const*, int64_t, float const*) as invokeQuantization<float>
// launches it: per-tensor INT8 quantisation (x * scale, rounded to nearest, saturated), one
// float4 in and one char4 out per thread, 64-thread blocks, size / 256 blocks. Rewritten for the
// problem format (see README.md).
__device__ __forceinline__ signed char cuda_cast_int8(float val) {
  // common/cudaTypeUtils.cuh: cuda_cast<int8_t, float>
  union {
    signed char int8[2];
    short int16;
  };
  asm volatile("cvt.rni.sat.s8.f32 %0, %1;" : "=h"(int16) : "f"(val));
  return int8[0];
}

extern "C" __global__ void quantizedKernel(char4* dst, const float4* src, const long long sizeDiv4,
                                           const float* scalePtr) {
  for (long long idx = blockIdx.x * blockDim.x + threadIdx.x; idx < sizeDiv4;
       idx += blockDim.x * gridDim.x) {
    const float scale = __ldg(scalePtr);
    char4 tmp;
    const float4 floatTmp = __ldg(src + idx);
    tmp.x = cuda_cast_int8(floatTmp.x * scale);
    tmp.y = cuda_cast_int8(floatTmp.y * scale);
    tmp.z = cuda_cast_int8(floatTmp.z * scale);
    tmp.w = cuda_cast_int8(floatTmp.w * scale);
    dst[idx] = tmp;
  }
}
