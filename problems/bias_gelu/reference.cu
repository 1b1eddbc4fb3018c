// Float64 reference: y = v * (1 + erf(v / sqrt(2))) / 2 with v = x + bias[column], in double.
extern "C" __global__ void bias_gelu_ref(const float* x, const float* bias, double* y, int M,
                                         int N) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (size_t)M * N) return;
  const double v = (double)x[i] + (double)bias[i % N];
  y[i] = 0.5 * v * (1.0 + erf(v * 0.70710678118654752440));
}
