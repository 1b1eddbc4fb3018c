// Reference for corpus_fresh16 ggml_conv_transpose_1d (written for the corpus): a strided
// transposed 1-D convolution, out[co][p] = sum over ci and the input positions i with
// 0 <= p - s i < K of w[ci][co][p - s i] * x[ci][i]; only those i (at most ceil(K / s)) are
// visited; one output per thread (grid-stride), float64 out.
extern "C" __global__ void conv_transpose_1d_ref(int s, int K, int Cout, int Cin, int L, int Lout,
                                                 const float* w, const float* x, double* out) {
  const long long total = (long long)Cout * Lout;
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < total;
       g += (long long)blockDim.x * gridDim.x) {
    const int co = (int)(g / Lout), p = (int)(g % Lout);
    const int ihi = p / s < L - 1 ? p / s : L - 1;  // largest i with s i <= p
    double acc = 0;
    for (int ci = 0; ci < Cin; ++ci)
      for (int i = ihi; i >= 0 && p - s * i < K; --i)
        acc += (double)w[((long long)ci * Cout + co) * K + (p - s * i)] * (double)x[(long long)ci * L + i];
    out[g] = acc;
  }
}
