// honest seed (h28x): a thread an element; a survivor takes its slot from one atomicAdd on the
// counter (n_out starts at 0: zero_before_run), so the order is the atomics' order.
extern "C" __global__ void compact_atomic(const float* x, int* idx, float* vals, int* n_out,
                                          int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  if (v > 0.5f) {
    const int at = atomicAdd(n_out, 1);
    idx[at] = i;
    vals[at] = v;
  }
}
