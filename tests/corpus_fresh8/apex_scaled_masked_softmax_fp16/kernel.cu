// corpus_fresh8: apex_scaled_masked_softmax_fp16 -- NVIDIA/apex, csrc/megatron/
// scaled_masked_softmax.h: scaled_masked_softmax_warp_forward<half, half, float, 12> (Megatron-LM's
// fused scale + mask + softmax of the attention scores) as dispatch_scaled_masked_softmax_forward
// launches it for key_seq_len 4096: one warp per row of 4096 scores, 128 per lane held in
// registers, four rows per 128-thread block, blocks (query_seq_len / 4, heads, batches).
// Rewritten for the problem format (see README.md).
#include <cuda_fp16.h>

#define C10_WARP_SIZE 32

template <int ELEMENTS_PER_LDG>
__device__ __inline__ void copy_vector_half(__half* dst, const __half* src);
template <>
__device__ __inline__ void copy_vector_half<4>(__half* dst, const __half* src) {
  *((float2*)dst) = *((const float2*)src);
}
template <int ELEMENTS_PER_LDG>
__device__ __inline__ void copy_vector_u8(unsigned char* dst, const unsigned char* src);
template <>
__device__ __inline__ void copy_vector_u8<4>(unsigned char* dst, const unsigned char* src) {
  *((half2*)dst) = *((const half2*)src);
}

template <typename T>
struct Add {
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
template <typename T>
struct Max {
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
};

template <typename acc_t, int WARP_BATCH, int WARP_SIZE, template <typename> class ReduceOp>
__device__ __forceinline__ void warp_reduce(acc_t* sum) {
  ReduceOp<acc_t> r;
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) {
#pragma unroll
    for (int i = 0; i < WARP_BATCH; ++i) {
      acc_t b = __shfl_xor_sync(0xffffffff, sum[i], offset, WARP_SIZE);
      sum[i] = r(sum[i], b);
    }
  }
}

template <int log2_elements>
__device__ __forceinline__ void scaled_masked_softmax_warp_forward(
    __half* dst, const __half* src, const unsigned char* mask, const float scale,
    int micro_batch_size, int element_count, int pad_batches) {
  constexpr int next_power_of_two = 1 << log2_elements;
  constexpr int WARP_SIZE = (next_power_of_two < C10_WARP_SIZE) ? next_power_of_two : C10_WARP_SIZE;
  constexpr int WARP_ITERATIONS = next_power_of_two / WARP_SIZE;
  constexpr int WARP_BATCH = (next_power_of_two <= 128) ? 2 : 1;
  constexpr int ELEMENTS_PER_LDG_STG = (WARP_ITERATIONS < 4) ? 1 : 4;
  // blockDim = (WARP_SIZE, WARPS_PER_BLOCK), gridDim = (seq_len, attn_heads, batches)
  int first_batch =
      (blockDim.y * (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) + threadIdx.y) *
      WARP_BATCH;
  int pad_first_batch = 0;
  if (pad_batches != 1) {  // bert style: one mask per batch
    pad_first_batch = (blockDim.y * (blockIdx.x + gridDim.x * blockIdx.z) + threadIdx.y) * WARP_BATCH;
  } else {  // gpt2 style: one mask for all
    pad_first_batch = (blockDim.y * blockIdx.x + threadIdx.y) * WARP_BATCH;
  }
  int local_batches = micro_batch_size - first_batch;
  if (local_batches > WARP_BATCH) local_batches = WARP_BATCH;
  int local_idx = threadIdx.x;
  long int thread_offset_src_dst = first_batch * element_count + ELEMENTS_PER_LDG_STG * local_idx;
  long int thread_offset_mask = pad_first_batch * element_count + ELEMENTS_PER_LDG_STG * local_idx;
  src += thread_offset_src_dst;
  dst += thread_offset_src_dst;
  mask += thread_offset_mask;

  float elements[WARP_BATCH][WARP_ITERATIONS];
  __half temp_data[ELEMENTS_PER_LDG_STG];
  unsigned char temp_mask[ELEMENTS_PER_LDG_STG];
#pragma unroll
  for (int i = 0; i < WARP_BATCH; ++i) {
    int batch_element_count = (i >= local_batches) ? 0 : element_count;
#pragma unroll
    for (int it = 0; it < WARP_ITERATIONS; it += ELEMENTS_PER_LDG_STG) {
      int element_index = ELEMENTS_PER_LDG_STG * local_idx + it * WARP_SIZE;
      if (element_index < batch_element_count) {
        int itr_idx = i * element_count + it * WARP_SIZE;
        copy_vector_half<ELEMENTS_PER_LDG_STG>(temp_data, src + itr_idx);
        copy_vector_u8<ELEMENTS_PER_LDG_STG>(temp_mask, mask + itr_idx);
#pragma unroll
        for (int element = 0; element < ELEMENTS_PER_LDG_STG; ++element) {
          if (temp_mask[element] != 1) {
            elements[i][it + element] = __half2float(temp_data[element]) * scale;
          } else {
            elements[i][it + element] = -10000.0;
          }
        }
      } else {
#pragma unroll
        for (int element = 0; element < ELEMENTS_PER_LDG_STG; ++element)
          elements[i][it + element] = -__int_as_float(0x7f800000);
      }
    }
  }
  float max_value[WARP_BATCH];
#pragma unroll
  for (int i = 0; i < WARP_BATCH; ++i) {
    max_value[i] = elements[i][0];
#pragma unroll
    for (int it = 1; it < WARP_ITERATIONS; ++it)
      max_value[i] = (max_value[i] > elements[i][it]) ? max_value[i] : elements[i][it];
  }
  warp_reduce<float, WARP_BATCH, WARP_SIZE, Max>(max_value);
  float sum[WARP_BATCH]{0.0f};
#pragma unroll
  for (int i = 0; i < WARP_BATCH; ++i) {
#pragma unroll
    for (int it = 0; it < WARP_ITERATIONS; ++it) {
      elements[i][it] = expf((elements[i][it] - max_value[i]));
      sum[i] += elements[i][it];
    }
  }
  warp_reduce<float, WARP_BATCH, WARP_SIZE, Add>(sum);
  __half out[ELEMENTS_PER_LDG_STG];
#pragma unroll
  for (int i = 0; i < WARP_BATCH; ++i) {
    if (i >= local_batches) break;
#pragma unroll
    for (int it = 0; it < WARP_ITERATIONS; it += ELEMENTS_PER_LDG_STG) {
      int element_index = ELEMENTS_PER_LDG_STG * local_idx + it * WARP_SIZE;
      if (element_index < element_count) {
#pragma unroll
        for (int element = 0; element < ELEMENTS_PER_LDG_STG; ++element)
          out[element] = __float2half(elements[i][it + element] / sum[i]);
        copy_vector_half<ELEMENTS_PER_LDG_STG>(dst + i * element_count + it * WARP_SIZE, out);
      } else {
        break;
      }
    }
  }
}

// The <half, half, float, 12> instance (key_seq_len 4096). The dispatcher passes the scale as a
// half (`const input_t scale`) that the kernel widens to float; here it arrives as that float.
extern "C" __global__ void scaled_masked_softmax_warp_forward_h12(
    __half* dst, const __half* src, const unsigned char* mask, const float scale,
    int micro_batch_size, int element_count, int pad_batches) {
  scaled_masked_softmax_warp_forward<12>(dst, src, mask, scale, micro_batch_size, element_count,
                                         pad_batches);
}
