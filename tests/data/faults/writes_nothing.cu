// Writes nothing: the value is computed into a local and never stored (the compiler drops the
// loads too). y keeps whatever it held before the launch: the gate's NaN poisoning makes that
// fail; a lazy check that reused last run's output would pass it.
extern "C" __global__ void faults_writes_nothing(const float* x, const double* a, const double* w,
                                                const double* b, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
  (void)v;  // the missing store: y[i] = v;
}
