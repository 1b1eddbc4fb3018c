// NaN: in one element of every 65536, a "correction" takes sqrtf of a negative number
// (x - 2 < 0 for x in [-1, 1)) and adds it in: NaN in the output.
extern "C" __global__ void faults_nan_output(const float* x, const double* a, const double* w, const double* b,
                                            float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
  if ((i & 0xFFFF) == 0) v += sqrtf(x[i] - 2.0f);
  y[i] = v;
}
