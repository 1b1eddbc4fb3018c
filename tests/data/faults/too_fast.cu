// Too fast: specialised to the test data. The problem's w and b are per-element arrays, but
// the test data fill them with one constant each, so reading w[0] and b[0] once gives every
// element right on every input set the gate draws. The kernel moves 8 bytes per element
// (x in, y out) where any kernel correct for arbitrary w and b must move 24 (problem.yaml's
// `bytes`), so its time is about a third of the physical floor bytes / peak bandwidth: no
// correctness check can see the cheat, the floor check does.
extern "C" __global__ void faults_too_fast(const float* x, const double* w, const double* b,
                                          float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const double w0 = w[0], b0 = b[0];
  if (i < n) y[i] = (float)((double)x[i] * w0 + b0);
}
