// corpus_fresh6: ggml_get_rows_f32 -- ggml-org/llama.cpp, ggml/src/ggml-cuda/getrows.cu
// (k_get_rows_float<float, float>, the token-embedding lookup of every llama.cpp model with an
// F32 embedding table), rewritten for the problem format (see README.md). Grid x walks the
// looked-up rows, grid y the 256-wide chunks of a row, grid z the batch dimensions; each thread
// copies one element of the selected row.
extern "C" __global__ void k_get_rows_float(const float* __restrict__ src0,
                                            const int* __restrict__ src1, float* __restrict__ dst,
                                            long long ne00, long long ne12, unsigned long long s1,
                                            unsigned long long s2, unsigned long long s3,
                                            unsigned long long nb01, unsigned long long nb02,
                                            unsigned long long nb03, unsigned long long s10,
                                            unsigned long long s11, unsigned long long s12) {
  // x and y of the grid are swapped: x allows more blocks, and there are more rows than chunks
  const int i00 = blockIdx.y * blockDim.x + threadIdx.x;
  const int i10 = blockIdx.x;
  const int i11 = blockIdx.z / ne12;
  const int i12 = blockIdx.z % ne12;
  if (i00 >= ne00) return;
  const int i01 = src1[i10 * s10 + i11 * s11 + i12 * s12];
  float* dst_row = dst + i10 * s1 + i11 * s2 + i12 * s3;
  const float* src0_row = (const float*)((const char*)src0 + i01 * nb01 + i11 * nb02 + i12 * nb03);
  dst_row[i00] = src0_row[i00];
}
