// float64 reference: one double atomicAdd per element (exact: counts below 2^53).
extern "C" __global__ void histogram_ref(const int* v, double* counts, int n, int bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int b = v[i];
  if (b >= 0 && b < bins) atomicAdd(counts + b, 1.0);
}
