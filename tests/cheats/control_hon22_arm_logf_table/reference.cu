// float64 reference (hon22): log of each value in double.
extern "C" __global__ void logf_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = log((double)x[i]);
}
