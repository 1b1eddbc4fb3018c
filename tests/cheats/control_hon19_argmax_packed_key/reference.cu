// reference (hon19): the first index of the row's largest value, in one thread.
extern "C" __global__ void argmax_ref(const float* logits, double* idx, int R, int V) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = logits + (size_t)r * V;
  int at = 0;
  for (int i = 1; i < V; ++i)
    if (row[i] > row[at]) at = i;
  idx[r] = at;
}
