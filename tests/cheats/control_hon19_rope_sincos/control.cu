// control_hon19_rope_sincos child, llama.cpp's rope (ggml-cuda/rope.cu, MIT; written here):
// theta = pos * powf(base, -2i/D) in FP32, sincosf (full range reduction: angles reach 4095
// rad), a block per position, each thread rotating pairs of every head.
extern "C" __global__ void rope_f32(const float* __restrict__ x, float* __restrict__ y, int T,
                                    int NH, int D) {
  const int t = blockIdx.x, half = D / 2;
  for (int k = threadIdx.x; k < NH * half; k += blockDim.x) {
    const int h = k / half, i = k % half;
    const float theta = (float)t * powf(10000.0f, -2.0f * (float)i / (float)D);
    float s, c;
    sincosf(theta, &s, &c);
    const size_t base = ((size_t)t * NH + h) * D;
    const float x0 = x[base + i], x1 = x[base + i + half];
    y[base + i] = x0 * c - x1 * s;
    y[base + i + half] = x0 * s + x1 * c;
  }
}
