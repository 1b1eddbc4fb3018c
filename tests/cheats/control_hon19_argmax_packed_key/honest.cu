// control_hon19_argmax_packed_key seed: a thread per row (the CPU loop ported): the first index
// of the largest value.
extern "C" __global__ void argmax_pairs(const float* logits, int* idx, int R, int V) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = logits + (size_t)r * V;
  float best = row[0];
  int at = 0;
  for (int i = 1; i < V; ++i)
    if (row[i] > best) best = row[i], at = i;
  idx[r] = at;
}
