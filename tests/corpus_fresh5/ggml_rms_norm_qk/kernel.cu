// corpus_fresh5: ggml_rms_norm_qk -- ggml-org/llama.cpp, ggml/src/ggml-cuda/norm.cu
// (rms_norm_f32<WARP_SIZE>, launched by rms_norm_f32_cuda with one 32-thread block per row when
// ncols < 1024), rewritten for the problem format (see README.md). A warp sums the squares of
// its row with a butterfly, then writes the row scaled by 1/sqrt(mean + eps).
extern "C" __global__ void rms_norm_f32(const float* x, float* dst, const int ncols,
                                        const float eps) {
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  const int tid = threadIdx.x;
  float tmp = 0.0f;
  for (int col = tid; col < ncols; col += 32) {
    const float xi = x[(size_t)row * ncols + col];
    tmp += xi * xi;
  }
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) tmp += __shfl_xor_sync(0xffffffffu, tmp, mask, 32);
  const float mean = tmp / ncols;
  const float scale = rsqrtf(mean + eps);
  for (int col = tid; col < ncols; col += 32)
    dst[(size_t)row * ncols + col] = scale * x[(size_t)row * ncols + col];
}
