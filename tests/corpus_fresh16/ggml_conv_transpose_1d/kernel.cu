// corpus_fresh16: ggml_conv_transpose_1d -- llama.cpp / ggml, GGML_OP_CONV_TRANSPOSE_1D
// (ggml/src/ggml-cuda/conv-transpose-1d.cu: conv_transpose_1d_kernel, launched by
// conv_transpose_1d_f32_f32_cuda with CUDA_CONV_TRANPOSE_1D_BLOCK_SIZE = 256): one output element
// per thread, which visits every input position of every input channel and keeps the few whose
// kernel window covers it. Rewritten for the problem format (see README.md).
//
// Layouts (ggml, ne0 fastest): src0 = kernel [K = ne0, Cout = ne1, Cin = ne2], src1 = input
// [L = ne0, Cin = ne1], dst = [Lout = dst_ne0, Cout]. p0 and d0 are fixed at 0 and 1 by the op.

extern "C" __global__ void conv_transpose_1d_kernel(
    const int s0, const int p0, const int d0, const int output_size,
    const int src0_ne0, const int src0_ne1, const int src0_ne2, const int src0_ne3,
    const int src1_ne0, const int src1_ne1, const int src1_ne2, const int src1_ne3,
    const int dst_ne0, const int dst_ne1, const int dst_ne2, const int dst_ne3,
    const float* src0, const float* src1, float* dst) {
  int global_index = threadIdx.x + blockIdx.x * blockDim.x;
  if (global_index >= output_size) {
    return;
  }

  int out_index = global_index / dst_ne0;  // output channel

  float accumulator = 0;

  for (int c = 0; c < src0_ne2; c++) {
    int idx = global_index % dst_ne0;  // output position

    int kernel_offset = (src0_ne0 * src0_ne1 * c) + (out_index * src0_ne0);
    int input_offset = src1_ne0 * c;

    // every input position; only those whose window [i*s0, i*s0 + K) holds idx contribute
    for (int i = 0; i < src1_ne0; i++) {
      if (!(idx >= i * s0 && idx < i * s0 + src0_ne0)) {
        continue;
      }
      int weight_idx = idx - i * s0;

      float kernel_weight = src0[kernel_offset + weight_idx];
      float input_value = src1[input_offset + i];

      accumulator += kernel_weight * input_value;
    }
  }
  dst[global_index] = accumulator;
  (void)p0; (void)d0; (void)src0_ne3; (void)src1_ne1; (void)src1_ne2; (void)src1_ne3;
  (void)dst_ne1; (void)dst_ne2; (void)dst_ne3;
}
