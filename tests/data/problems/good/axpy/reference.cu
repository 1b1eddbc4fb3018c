// Reference in float64: `out` arrives as double*.
extern "C" __global__ void axpy_ref(const float* x, const float* y, double* out, float alpha,
                                    int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<double>(alpha) * x[i] + y[i];
}
