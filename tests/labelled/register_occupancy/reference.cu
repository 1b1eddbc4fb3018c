// Float64 reference: the same recurrence and the sum of squared weights, in double.
extern "C" __global__ void recur_ref(const float* x, const float* w, double* y, int T, int L,
                                     int R) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  double acc = 0.0;
  for (int k = 0; k < L; ++k) acc = acc * 0.5 + (double)x[(size_t)k * T + t];
  double tail = 0.0;
  for (int j = 0; j < R; ++j) tail += (double)w[j] * (double)w[j];
  y[t] = acc + tail;
}
