// Reference for corpus_fresh24 hecb_matern_block_sum (written for the corpus): a thread a target,
// the 50 weighted Matern (nu = 5/2) terms (1 + sqrt5 r / l + 5 r^2 / (3 l^2)) exp(-sqrt5 r / l)
// summed in float64.
extern "C" __global__ void matern_ref(int num_targets, float l, const float* src, const float* tgt,
                                      const float* w, double* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= num_targets) return;
  const double s5 = sqrt(5.0), ld = (double)l;
  double acc = 0.0;
  for (int s = 0; s < 50; ++s) {
    double r2 = 0.0;
    for (int d = 0; d < 3; ++d) {
      const double dd = (double)tgt[(long long)t * 3 + d] - (double)src[s * 3 + d];
      r2 += dd * dd;
    }
    const double r = sqrt(r2);
    acc += (1.0 + s5 * r / ld + 5.0 * r2 / (3.0 * ld * ld)) * exp(-s5 * r / ld) * (double)w[s];
  }
  out[t] = acc;
}
