// Float64 reference: the same recurrence per element (constants rounded to float as the kernel has them).
extern "C" __global__ void kinds_ref(const float* x, const int* kind, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double c = (double)(0.001f * x[i]);
  double v = (double)x[i];
  const int steps = kind[i] == 0 ? 4096 : 16;
  for (int s = 0; s < steps; ++s) v = v * (double)0.999f + c;
  y[i] = v;
}
