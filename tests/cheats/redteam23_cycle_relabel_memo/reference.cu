// float64 reference of redteam23_cycle_relabel_memo: the walk from node 0, y[k] = x[p_k] as a
// double (written for red team 23).
extern "C" __global__ void walk_ref23(const int* next, const float* x, double* y, int n) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  for (int k = 0, p = 0; k < n; ++k, p = next[p]) y[k] = double(x[p]);
}
