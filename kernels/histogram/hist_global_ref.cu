// float64 reference: one double atomicAdd per key (exact: counts below 2^53).
extern "C" __global__ void hist_ref(const int* keys, double* hist, int n, int bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int k = keys[i];
  if (k >= 0 && k < bins) atomicAdd(hist + k, 1.0);
}
