// float64 reference (hon20): softmax in double.
extern "C" __global__ void softmax_ref(const float* x, double* y, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = x + (size_t)r * C;
  double m = -__longlong_as_double(0x7ff0000000000000LL);  // -inf
  for (int j = 0; j < C; ++j) m = fmax(m, (double)row[j]);
  double s = 0;
  for (int j = 0; j < C; ++j) s += exp((double)row[j] - m);
  for (int j = 0; j < C; ++j) y[(size_t)r * C + j] = exp((double)row[j] - m) / s;
}
