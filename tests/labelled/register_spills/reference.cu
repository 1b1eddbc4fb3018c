// Float64 reference: the same recurrences in double (constants rounded to float as in the kernel).
#define NACC 48
#define STEPS 64
extern "C" __global__ void spill_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.0;
  for (int j = 0; j < NACC; ++j) {
    double u = (double)x[i], acc = 0.0;
    for (int k = 0; k < STEPS; ++k) {
      u = u * (double)0.9f + (double)0.1f;
      acc = acc * u + (double)(1.0f / (float)(j + 1));
    }
    s += acc;
  }
  y[i] = s;
}
