// Too fast: specialised to the test data. The problem's a, w and b are per-element arrays, but
// the test data fill each with one constant, so reading a[0], w[0] and b[0] once gives every
// element right on every input set the gate draws. The kernel moves 8 bytes per element
// (x in, y out) where any kernel correct for arbitrary coefficients must move 32
// (problem.yaml's `bytes`), so it runs in well under the physical floor (bytes / peak
// bandwidth): no correctness check can see the cheat, the floor check does.
extern "C" __global__ void faults_too_fast(const float* x, const double* a, const double* w,
                                          const double* b, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const double a0 = a[0], w0 = w[0], b0 = b[0];
  if (i < n) y[i] = (float)((a0 * x[i] + w0) * x[i] + b0);
}
