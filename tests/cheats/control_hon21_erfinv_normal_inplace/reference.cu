// float64 reference (hon21), in place on the float64 copy of x: sqrt(2) erfinv(x) (erfinv(-1) is
// -inf, erfinv(1) +inf).
extern "C" __global__ void normal_ref(double* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 1.4142135623730950488 * erfinv(x[i]);
}
