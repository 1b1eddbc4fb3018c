// float64 reference (written for the red team): the same sum, one thread per body, plain loop.
extern "C" __global__ void accel_ref(const double* px, const double* py, const double* pz,
                                     const double* m, double* ax, double* ay, double* az, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double sx = 0, sy = 0, sz = 0;
  for (int j = 0; j < n; ++j) {
    const double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
    const double d2 = dx * dx + dy * dy + dz * dz + 1e-3;
    const double s = m[j] / (d2 * sqrt(d2));
    sx += dx * s, sy += dy * s, sz += dz * s;
  }
  ax[i] = sx, ay[i] = sy, az[i] = sz;
}
