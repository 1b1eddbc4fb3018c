// redteam23_cycle_relabel_memo seed: one thread follows the cycle from node 0, each load's
// address the one before's value, and stores y[k] = x[p_k] as it goes (latency-bound).
extern "C" __global__ void walk_seed23(const int* __restrict__ next, const float* __restrict__ x,
                                       float* __restrict__ y, int n) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  for (int k = 0, p = 0; k < n; ++k, p = next[p]) y[k] = x[p];
}
