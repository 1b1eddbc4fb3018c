// corpus_fresh7: sgl_group_quant_int8 -- sgl-project/sglang,
// sgl-kernel/csrc/gemm/per_token_group_quant_int8.cu: per_token_group_quant_int8_kernel<bf16, 16>,
// the activation quantisation in front of a block-scaled INT8 GEMM (groups of 128 values, one
// float scale each). Rewritten for the problem format (see README.md): 16 threads per group,
// 16 groups per 256-thread block; each lane loads 8 bf16 (16 bytes) twice, once for the group's
// absolute maximum (a 16-lane xor-shuffle reduction) and once to quantise.
#include <cuda_bf16.h>

__device__ __forceinline__ float GroupReduceMax(float val) {
  unsigned mask = 0xffff;
  val = fmaxf(val, __shfl_xor_sync(mask, val, 8));
  val = fmaxf(val, __shfl_xor_sync(mask, val, 4));
  val = fmaxf(val, __shfl_xor_sync(mask, val, 2));
  val = fmaxf(val, __shfl_xor_sync(mask, val, 1));
  return val;
}

// flashinfer::vec_t<bf16, 8>::cast_load: one 16-byte load, each element widened to float
__device__ __forceinline__ void load8(const __nv_bfloat16* p, float* out) {
  uint4 raw = *reinterpret_cast<const uint4*>(p);
  const __nv_bfloat16* h = reinterpret_cast<const __nv_bfloat16*>(&raw);
#pragma unroll
  for (int j = 0; j < 8; ++j) out[j] = __bfloat162float(h[j]);
}

#define GROUPS_PER_BLOCK 16

extern "C" __global__ void per_token_group_quant_int8_kernel(
    const __nv_bfloat16* __restrict__ input, void* __restrict__ output_q,
    float* __restrict__ output_s, const int group_size, const int num_groups, const float eps,
    const float int8_min, const float int8_max) {
  const int threads_per_group = 16;
  const int local_group_id = threadIdx.x / threads_per_group;
  const int lane_id = threadIdx.x % threads_per_group;
  const int block_group_id = blockIdx.x * GROUPS_PER_BLOCK;
  const int block_group_offset = (block_group_id + local_group_id) * group_size;
  float local_absmax = eps;
  const __nv_bfloat16* group_input = input + block_group_offset;
  signed char* group_output = static_cast<signed char*>(output_q) + block_group_offset;
  float* scale_output = output_s + (block_group_id + local_group_id);
  const int vec_size = 8;
  const int num_vec_elems = group_size / vec_size;

  for (int i = lane_id; i < num_vec_elems; i += 16) {
    float v[8];
    load8(group_input + i * vec_size, v);
#pragma unroll
    for (int j = 0; j < vec_size; ++j) local_absmax = fmaxf(local_absmax, fabsf(v[j]));
  }
  local_absmax = GroupReduceMax(local_absmax);
  const float y_s = local_absmax / int8_max;
  if (lane_id == 0) *scale_output = y_s;

  for (int i = lane_id; i < num_vec_elems; i += 16) {
    float v[8];
    load8(group_input + i * vec_size, v);
#pragma unroll
    for (int j = 0; j < vec_size; ++j) {
      float q_val = fminf(fmaxf(v[j] / y_s, int8_min), int8_max);
      unsigned int dst;
      asm volatile("cvt.rni.sat.s8.f32 %0, %1;" : "=r"(dst) : "f"(q_val));
      group_output[i * vec_size + j] = (signed char)dst;
    }
  }
}
