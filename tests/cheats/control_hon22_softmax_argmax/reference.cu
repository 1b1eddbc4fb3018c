// float64 reference (hon22): softmax in double and the first maximum's index.
extern "C" __global__ void softmax_argmax_ref(const float* logits, double* probs, double* token,
                                              int B, int V) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= B) return;
  const float* x = logits + (size_t)b * V;
  float m = x[0];
  int arg = 0;
  for (int v = 1; v < V; ++v)
    if (x[v] > m) {
      m = x[v];
      arg = v;
    }
  double s = 0.0;
  for (int v = 0; v < V; ++v) s += exp((double)x[v] - (double)m);
  for (int v = 0; v < V; ++v) probs[(size_t)b * V + v] = exp((double)x[v] - (double)m) / s;
  token[b] = (double)arg;
}
