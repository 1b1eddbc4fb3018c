// float64 reference of control_redteam12_moe_dp4a_route: e = the first index of the largest
// logit of token t (strict >, as the variants), Y[t][n] = sx[t] sw[e][n] sum_k X[t][k] W[e][n][k],
// the int8 values unpacked from their words (little-endian bytes), in double.
extern "C" __global__ void moe_ref(const int* X, const int* W, const float* logits, const float* sx,
                                   const float* sw, double* Y, int T, int E, int N, int K4) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, t = blockIdx.y * blockDim.y + threadIdx.y;
  if (t >= T || n >= N) return;
  int e = 0;
  for (int j = 1; j < E; ++j)
    if (logits[(size_t)t * E + j] > logits[(size_t)t * E + e]) e = j;
  const int* w = W + ((size_t)e * N + n) * K4;
  long long s = 0;
  for (int k = 0; k < K4; ++k) {
    const unsigned a = (unsigned)X[(size_t)t * K4 + k], b = (unsigned)w[k];
    for (int q = 0; q < 4; ++q)
      s += (long long)(signed char)(a >> 8 * q) * (long long)(signed char)(b >> 8 * q);
  }
  Y[(size_t)t * N + n] = (double)sx[t] * (double)sw[(size_t)e * N + n] * (double)s;
}
