// float64 reference (hon22): exp of each value in double.
extern "C" __global__ void expf_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = exp((double)x[i]);
}
