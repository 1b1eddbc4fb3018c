// float64 reference (hon20): two passes in double.
extern "C" __global__ void rowvar_ref(const float* x, double* mean, double* var, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = x + (size_t)r * C;
  double s = 0;
  for (int j = 0; j < C; ++j) s += row[j];
  const double m = s / C;
  double ss = 0;
  for (int j = 0; j < C; ++j) ss += ((double)row[j] - m) * ((double)row[j] - m);
  mean[r] = m;
  var[r] = ss / C;
}
