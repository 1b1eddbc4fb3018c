// float64 reference: y[i] = sum_{k=1..32} cos(k t) / k, t = p[i] / 2^20.
extern "C" __global__ void positions_ref(const int* p, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double t = (double)p[i] * (1.0 / 1048576.0);
  double s = 0.0;
  for (int k = 1; k <= 32; ++k) s += cos((double)k * t) / (double)k;
  y[i] = s;
}
