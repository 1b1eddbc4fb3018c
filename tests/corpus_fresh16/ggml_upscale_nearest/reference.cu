// Reference for corpus_fresh16 ggml_upscale_nearest (written for the corpus): a 2x nearest
// upscale of C planes of H x W floats (contiguous, x fastest), element (c, y, x) of the output
// taking the input's (c, y / 2, x / 2); grid-stride over the output, float64 out.
extern "C" __global__ void upscale_nearest_ref(long long total, int W, int H, const float* src, double* out) {
  const long long OW = 2LL * W, OH = 2LL * H;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (long long)blockDim.x * gridDim.x) {
    const long long ox = i % OW, oy = (i / OW) % OH, c = i / (OW * OH);
    out[i] = (double)src[(c * H + oy / 2) * W + ox / 2];
  }
}
