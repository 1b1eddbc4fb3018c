// reference for corpus_fresh6 ggml_cpy_f32_f16_permuted: the source is a [D, H, T] float array
// (D fastest) read as its (0, 2, 1) permutation, a [D, T, H] view; the destination is that view
// made contiguous. out[h][t][d] = src[t][h][d], one thread per output element, in float64.
extern "C" __global__ void cpy_permute_ref(const float* src, double* out, int D, int T, int H) {
  long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long n = (long long)D * T * H;
  if (e >= n) return;
  long long d = e % D, t = (e / D) % T, h = e / ((long long)D * T);
  out[e] = (double)src[(t * H + h) * D + d];
}
