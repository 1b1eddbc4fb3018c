// corpus_fresh8: ds_dequantize_int8 -- microsoft/DeepSpeed,
// csrc/transformer/inference/csrc/dequantize.cu: dequantize_kernel<__half> (the merge-count
// form) as launch_dequantize launches it, grid(hidden_dim) blocks of 1024 threads, one row of
// output_size int8 weights per block, one byte in and one half out per thread and step, the
// scale of each element's group found by an integer division. Rewritten for the problem format
// (see README.md).
#include <cuda_fp16.h>

extern "C" __global__ void dequantize_kernel_half(__half* output, const signed char* input,
                                                  const float* qscale, int output_size,
                                                  int hidden_dim, int groups, int merge_count) {
  unsigned merge_hidden = hidden_dim >> merge_count;
  unsigned quantization_stride = (merge_hidden * output_size) / groups;
  unsigned bid = blockIdx.x;
  unsigned tid = threadIdx.x;
  while (tid < output_size) {
    unsigned w_index = bid / merge_hidden;
    unsigned q_index = tid + bid * output_size;
    auto q = input[q_index];
    unsigned merge_hidden_total = w_index * merge_hidden;
    unsigned scale_index =
        ((((bid - merge_hidden_total) + tid * merge_hidden) / quantization_stride) << merge_count) +
        w_index;
    float scale_data = qscale[scale_index];
    // conversion::to<__half>(float) is __float2half (round to nearest)
    output[q_index] = __float2half(scale_data * (float)q);
    tid += blockDim.x;
  }
}
