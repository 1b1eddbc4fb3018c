// float64 reference of control_redteam12_f64_cutoff_prefilter: f_i = sum over j (in order) with
// d^2 = |p_i - p_j|^2 < 1 of (1 - d^2)^2 (p_i - p_j); the pair j = i adds zero.
extern "C" __global__ void cutoff_ref(const double* px, const double* py, const double* pz,
                                      double* fx, double* fy, double* fz, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double ax = 0, ay = 0, az = 0;
  for (int j = 0; j < n; ++j) {
    const double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
    const double d2 = dx * dx + dy * dy + dz * dz;
    if (d2 < 1.0) {
      const double w = (1.0 - d2) * (1.0 - d2);
      ax += w * dx, ay += w * dy, az += w * dz;
    }
  }
  fx[i] = ax, fy[i] = ay, fz[i] = az;
}
