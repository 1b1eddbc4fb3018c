// Float64 reference: the same Horner chain, one element per thread, not unrolled.
#define DEG 256
extern "C" __global__ void horner64_ref(const double* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = x[i];
  double acc = 1.0 - (double)(DEG - 1) * (1.0 / 512.0);
  for (int k = DEG - 2; k >= 0; --k) acc = fma(acc, v, 1.0 - (double)k * (1.0 / 512.0));
  y[i] = acc;
}
