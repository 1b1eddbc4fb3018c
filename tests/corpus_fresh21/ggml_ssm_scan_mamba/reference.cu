// Reference for corpus_fresh21 ggml_ssm_scan_mamba (written for the corpus): the Mamba-1
// selective scan in float64, one thread per (sequence, channel): softplus(dt) (dt above 20 kept),
// h[n] <- h[n] exp(dt A[n]) + B[n] dt x, y = sum_n C[n] h[n]; the output buffer holds y
// ({d_inner, n_tok, n_seq}) then the final states ({16, d_inner, n_seq}), as the kernel's dst.
// Contiguous tensors; sequence s starts from state row ids[s].
extern "C" __global__ void ssm_scan_ref(const float* s0, const float* x, const float* dt,
                                        const float* A, const float* B, const float* C,
                                        const int* ids, double* out, int d_inner, int n_tok,
                                        int n_seq) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= d_inner * n_seq) return;
  const int d = t % d_inner;
  const int s = t / d_inner;
  double h[16];
  for (int n = 0; n < 16; ++n) h[n] = (double)s0[((long long)ids[s] * d_inner + d) * 16 + n];
  for (int i = 0; i < n_tok; ++i) {
    const long long o = ((long long)s * n_tok + i) * d_inner + d;
    double sp = (double)dt[o];
    if (sp <= 20.0) sp = log1p(exp(sp));
    const double xdt = (double)x[o] * sp;
    const long long bo = ((long long)s * n_tok + i) * 16;
    double y = 0.0;
    for (int n = 0; n < 16; ++n) {
      h[n] = h[n] * exp(sp * (double)A[(long long)d * 16 + n]) + (double)B[bo + n] * xdt;
      y += h[n] * (double)C[bo + n];
    }
    out[o] = y;
  }
  const long long base = (long long)d_inner * n_tok * n_seq;
  for (int n = 0; n < 16; ++n) out[base + ((long long)s * d_inner + d) * 16 + n] = h[n];
}
