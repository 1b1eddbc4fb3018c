// Reference for corpus_fresh16 ggml_rwkv_wkv6 (written for the corpus): the RWKV-6 recurrence
// for one sequence, per head h and value channel i (a thread each), in float64: for every token,
// y_i = sum_j r_j (u_j k_j v_i + S_ji), then S_ji = S_ji w_j + k_j v_i, with S the head's state
// (S_ji stored at s[h][j][i]); out holds the T x C outputs, then the final states in s's layout.
extern "C" __global__ void rwkv6_ref(int T, int C, const float* k, const float* v, const float* r,
                                     const float* u, const float* w, const float* s, double* out) {
  const int hs = 64, H = C / hs;
  for (int g = blockIdx.x * blockDim.x + threadIdx.x; g < C; g += blockDim.x * gridDim.x) {
    const int h = g / hs, i = g % hs;
    double S[64];
    for (int j = 0; j < hs; ++j) S[j] = s[(long long)h * hs * hs + j * hs + i];
    for (int t = 0; t < T; ++t) {
      const long long row = (long long)t * C + h * hs;
      const double vi = v[row + i];
      double y = 0;
      for (int j = 0; j < hs; ++j) {
        const double kv = (double)k[row + j] * vi;
        y += (double)r[row + j] * ((double)u[h * hs + j] * kv + S[j]);
        S[j] = S[j] * (double)w[row + j] + kv;
      }
      out[(long long)t * C + g] = y;
    }
    for (int j = 0; j < hs; ++j) out[(long long)T * C + (long long)h * hs * hs + j * hs + i] = S[j];
  }
  (void)H;
}
