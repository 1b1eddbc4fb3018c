// Wrong: one element of every 1024 is off by 1e-3, three orders of magnitude over the fp32
// tolerance (rtol 1e-6, atol 1e-6) but small enough to look plausible.
extern "C" __global__ void faults_wrong_result(const float* x, const double* a, const double* w, const double* b,
                                              float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
  if ((i & 1023) == 1023) v += 1.0e-3f;
  y[i] = v;
}
