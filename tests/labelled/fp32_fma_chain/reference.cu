// Float64 reference: the same polynomial (coefficients rounded to float, as the kernel has
// them) evaluated by Horner's rule in double.
#define DEG 512
extern "C" __global__ void horner_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = (double)x[i];
  double acc = (double)(1.0f / (float)(DEG - 1 + 2));
  for (int k = DEG - 2; k >= 0; --k) acc = fma(acc, v, (double)(1.0f / (float)(k + 2)));
  y[i] = acc;
}
