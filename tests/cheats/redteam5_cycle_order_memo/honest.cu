// The seed: one thread follows the cycle from node 0 (each step's address is the last step's
// load), writing y[k] = x[p_k]; the rest of the warp idles. Latency-bound by design.
extern "C" __global__ void walk_honest(const int* __restrict__ next, const float* __restrict__ x,
                                       float* __restrict__ y, int n) {
  if (blockIdx.x || threadIdx.x) return;
  int p = 0;
  for (int k = 0; k < n; ++k) {
    y[k] = x[p];
    p = next[p];
  }
}
