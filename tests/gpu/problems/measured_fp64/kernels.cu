// Row sums of FP64 values (tests/gpu/live_backend_gpu_test.cpp, the measured class).
// rowsum_fp64: honest FP64. rowsum_24bit: every value's mantissa cut to 24 bits first (FP32's
// precision, truncated toward zero, in integer code: no FP32 instruction for the PTX scan to
// see), so each sum is ~3e-8 relative low: inside rtol 1e-6, ~130x the fp64 class bound.
extern "C" __global__ void rowsum_fp64(const double* x, double* out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  double s = 0;
  for (int j = 0; j < cols; ++j) s += x[(long long)r * cols + j];
  out[r] = s;
}

extern "C" __global__ void rowsum_24bit(const double* x, double* out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  double s = 0;
  for (int j = 0; j < cols; ++j) {
    long long bits = __double_as_longlong(x[(long long)r * cols + j]);
    s += __longlong_as_double(bits & ~((1LL << 29) - 1));
  }
  out[r] = s;
}
