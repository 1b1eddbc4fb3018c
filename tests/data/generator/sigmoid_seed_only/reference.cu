// Float64 reference: y = 1 / (1 + exp(-x)) in double.
extern "C" __global__ void sigmoid_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 1.0 / (1.0 + exp(-(double)x[i]));
}
