// control_hon22_softmax_argmax seed: a sampler's greedy token and probabilities as PyTorch
// computes them op by op (torch.softmax(logits, -1) and torch.argmax(logits, -1), the first
// maximum on ties; BSD-3; written here): a thread per row, three passes.
extern "C" __global__ void softmax_argmax_rows(const float* logits, float* probs, int* token, int B,
                                               int V) {
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
  float s = 0.f;
  for (int v = 0; v < V; ++v) s += expf(x[v] - m);
  const float inv = 1.f / s;
  for (int v = 0; v < V; ++v) probs[(size_t)b * V + v] = expf(x[v] - m) * inv;
  token[b] = arg;
}
