// float64 reference: one double atomicAdd per element (order-free at this precision).
extern "C" __global__ void scatter_ref(const int* idx, const float* w, double* out, int n,
                                       int bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int b = idx[i];
  if (b >= 0 && b < bins) atomicAdd(out + b, (double)w[i]);
}
