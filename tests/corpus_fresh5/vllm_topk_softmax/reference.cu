// reference for corpus_fresh5 vllm_topk_softmax: per token, the softmax of its 128 logits in
// float64 and the 8 largest by (logit descending, expert ascending) -- equal logits give equal
// probabilities, and the kernel breaks those ties toward the lower expert -- with the
// probability, the expert and k * num_rows + token for each of them.
extern "C" __global__ void topk_softmax_ref(const float* logits, double* weights, double* experts,
                                            double* source_rows, int num_rows, int k) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= num_rows) return;
  const float* x = logits + (size_t)row * 128;
  double mx = x[0];
  for (int e = 1; e < 128; ++e) mx = fmax(mx, (double)x[e]);
  double sum = 0;
  for (int e = 0; e < 128; ++e) sum += exp((double)x[e] - mx);
  unsigned long long taken[2] = {0, 0};
  for (int j = 0; j < k; ++j) {
    int best = -1;
    for (int e = 0; e < 128; ++e) {
      if ((taken[e / 64] >> (e % 64)) & 1ull) continue;
      if (best < 0 || x[e] > x[best]) best = e;
    }
    taken[best / 64] |= 1ull << (best % 64);
    weights[row * k + j] = exp((double)x[best] - mx) / sum;
    experts[row * k + j] = best;
    source_rows[row * k + j] = (double)j * num_rows + row;
  }
}
