// Float64 reference: the same permutation, in 64-bit index arithmetic.
extern "C" __global__ void gather_ref(const float* x, double* y, int n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (double)x[(i * 40503LL) % n];
}
