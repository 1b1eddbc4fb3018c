// probe_c29c: ggml_conv_transpose_1d visiting only the input positions whose window covers the
// output (i in [(idx - K) / s0 + 1, idx / s0] for idx >= K, [0, idx / s0] below), ~2 of 75 per
// input channel. Otherwise the seed's kernel (tests/corpus_fresh16/ggml_conv_transpose_1d/
// kernel.cu): the same products accumulated in the same order.

extern "C" __global__ void conv_transpose_1d_ranged(
    const int s0, const int p0, const int d0, const int output_size,
    const int src0_ne0, const int src0_ne1, const int src0_ne2, const int src0_ne3,
    const int src1_ne0, const int src1_ne1, const int src1_ne2, const int src1_ne3,
    const int dst_ne0, const int dst_ne1, const int dst_ne2, const int dst_ne3,
    const float* src0, const float* src1, float* dst) {
  int global_index = threadIdx.x + blockIdx.x * blockDim.x;
  if (global_index >= output_size) {
    return;
  }
  int out_index = global_index / dst_ne0;
  int idx = global_index % dst_ne0;
  int i_lo = idx >= src0_ne0 ? (idx - src0_ne0) / s0 + 1 : 0;
  int i_hi = idx / s0;
  if (i_hi > src1_ne0 - 1) i_hi = src1_ne0 - 1;

  float accumulator = 0;
  for (int c = 0; c < src0_ne2; c++) {
    int kernel_offset = (src0_ne0 * src0_ne1 * c) + (out_index * src0_ne0);
    int input_offset = src1_ne0 * c;
    for (int i = i_lo; i <= i_hi; i++) {
      int weight_idx = idx - i * s0;
      accumulator += src0[kernel_offset + weight_idx] * src1[input_offset + i];
    }
  }
  dst[global_index] = accumulator;
  (void)p0; (void)d0; (void)src0_ne3; (void)src1_ne1; (void)src1_ne2; (void)src1_ne3;
  (void)dst_ne1; (void)dst_ne2; (void)dst_ne3;
}
