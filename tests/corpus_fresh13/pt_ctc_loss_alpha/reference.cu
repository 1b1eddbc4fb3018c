// Reference for corpus_fresh13 pt_ctc_loss_alpha (written for the corpus): the CTC forward
// variables in log space, eqs (6)-(8) of Graves et al. (2006), in float64, one thread per batch
// item (its T x (2S + 1) table walked in order); unreachable states are -inf, as the kernel
// writes them.
#define INFINITY __longlong_as_double(0x7ff0000000000000LL)
__device__ __forceinline__ double lse3(double a, double b, double c) {
  double m = a > b ? a : b;
  m = m > c ? m : c;
  if (m == -INFINITY) return -INFINITY;
  return log(exp(a - m) + exp(b - m) + exp(c - m)) + m;
}

extern "C" __global__ void ctc_alpha_ref(long long T, long long S, long long B, long long C,
                                         long long BLANK, const float* log_probs,
                                         const long long* targets, const long long* input_lengths,
                                         const long long* target_lengths, double* log_alpha,
                                         double* nll) {
  const long long L = 2 * S + 1;
  for (long long b = (long long)blockIdx.x * blockDim.x + threadIdx.x; b < B;
       b += (long long)blockDim.x * gridDim.x) {
    const long long tl = target_lengths[b], il = input_lengths[b];
    auto lp = [&](long long t, long long c) { return (double)log_probs[(t * B + b) * C + c]; };
    auto lab = [&](long long s) { return s % 2 == 0 ? BLANK : targets[b * S + s / 2]; };
    double* la = log_alpha + b * T * L;
    for (long long s = 0; s < L; ++s)
      la[s] = s == 0 ? lp(0, BLANK) : (s == 1 && tl > 0 ? lp(0, lab(1)) : -INFINITY);
    for (long long t = 1; t < T; ++t) {
      for (long long s = 0; s < L; ++s) {
        if (t < il && s < 2 * tl + 1) {
          const double a1 = la[(t - 1) * L + s];
          const double a2 = s > 0 ? la[(t - 1) * L + s - 1] : -INFINITY;
          const bool three = tl > 0 && s > 1 && lab(s - 2) != lab(s);
          const double a3 = three ? la[(t - 1) * L + s - 2] : -INFINITY;
          const long long c = tl > 0 ? lab(s) : BLANK;
          la[t * L + s] = lse3(a1, a2, a3) + lp(t, c);
        } else {
          la[t * L + s] = -INFINITY;
        }
      }
    }
    const double l1 = la[(il - 1) * L + 2 * tl];
    const double l2 = tl > 0 ? la[(il - 1) * L + 2 * tl - 1] : -INFINITY;
    nll[b] = -lse3(l1, l2, -INFINITY);
  }
}
