// Reference for corpus_fresh26 warpctc_compute_alpha (written for the corpus): the CTC forward
// variables of each utterance in float64 -- block b walks the same T steps over the S = 2L + 1
// blank-interleaved states (one thread a state, 128 threads), each step the log-space sum of
// the two or three predecessors in the previous row (the third only for a non-blank label
// unequal to the label two states back) plus the log of the state's label probability, the
// rows kept in the alphas output itself; then the negative log-likelihood of the last row's two
// final states. Launched with 128-thread blocks, one a minibatch entry.
#define REF_NEG_INF __longlong_as_double(0xfff0000000000000LL)

__device__ double ref_log_plus(double a, double b) {
  if (a == REF_NEG_INF) return b;
  if (b == REF_NEG_INF) return a;
  return log1p(exp(-fabs(a - b))) + (a < b ? b : a);
}

extern "C" __global__ void ctc_alpha_ref(const float* probs, const int* labels_nb, double* lwb,
                                         double* alphas, double* nll, int L, int T, int minibatch,
                                         int out_dim) {
  __shared__ int lab[128];
  const int b = blockIdx.x, s = threadIdx.x;
  const int S = 2 * L + 1;
  if (s < S) {
    lab[s] = (s % 2 == 0) ? 0 : labels_nb[b * L + s / 2];  // the blank is label 0
    lwb[b * S + s] = (double)lab[s];
  }
  __syncthreads();
  double* alpha = alphas + (long long)b * S * T;
  const float* p = probs + (long long)b * out_dim;  // step t: + t * out_dim * minibatch
  if (s < S) alpha[s] = (s < 2) ? log((double)p[lab[s]]) : REF_NEG_INF;
  __syncthreads();
  for (int t = 1; t < T; ++t) {
    const double* prev = alpha + (long long)(t - 1) * S;
    double* cur = alpha + (long long)t * S;
    const float* pt = p + (long long)t * out_dim * minibatch;
    if (s < S) {
      double v = prev[s];
      if (s >= 1) v = ref_log_plus(v, prev[s - 1]);
      if (s >= 2 && lab[s] != 0 && lab[s] != lab[s - 2]) v = ref_log_plus(v, prev[s - 2]);
      cur[s] = v + log((double)pt[lab[s]]);
    }
    __syncthreads();
  }
  if (s == 0) {
    const double* last = alpha + (long long)(T - 1) * S;
    nll[b] = -ref_log_plus(last[S - 2], last[S - 1]);
  }
}
