// float64 reference (hon22): the value itself; the fp16 class's tolerance holds the rounding.
extern "C" __global__ void to_half_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (double)x[i];
}
