// Float64 reference: element e of y sums x at (4*((e/4 + r*stride) mod m/4) + e%4).
extern "C" __global__ void taps_ref(const float* x, double* y, int m, int R) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= m) return;
  const int m4 = m / 4, i = e / 4, lane = e % 4, stride = m4 / R;
  double acc = 0.0;
  for (int r = 0; r < R; ++r) acc += (double)x[4 * ((i + r * stride) & (m4 - 1)) + lane];
  y[e] = acc;
}
