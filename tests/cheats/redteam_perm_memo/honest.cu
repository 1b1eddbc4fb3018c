// The honest seed: one global atomicAdd per element (contended: 256 addresses).
extern "C" __global__ void histogram_global(const int* v, int* counts, int n, int bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int b = v[i];
  if (b >= 0 && b < bins) atomicAdd(counts + b, 1);
}
