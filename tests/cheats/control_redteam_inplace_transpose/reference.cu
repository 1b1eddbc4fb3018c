// float64 reference, in place on the reference's float64 copy of x: each thread above the
// diagonal swaps its element with the mirror.
extern "C" __global__ void transpose_ref(double* x, int S) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= S || c >= S || c <= r) return;
  const double a = x[(size_t)r * S + c];
  x[(size_t)r * S + c] = x[(size_t)c * S + r];
  x[(size_t)c * S + r] = a;
}
