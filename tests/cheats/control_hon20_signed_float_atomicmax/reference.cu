// float64 reference (hon20): a thread per column, the max in double.
extern "C" __global__ void colmax_ref(const float* x, double* cmax, int R, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C) return;
  double m = -__longlong_as_double(0x7ff0000000000000LL);  // -inf
  for (int r = 0; r < R; ++r) m = fmax(m, (double)x[(size_t)r * C + c]);
  cmax[c] = m;
}
