// reference for corpus_fresh6 rod_cfd_step_factor: the explicit Euler time-step factor of a
// cell, written from the formulas: u = m / rho, p = (gamma - 1)(E - |m|^2 / (2 rho)),
// c = sqrt(gamma p / rho), factor = 1 / (2 sqrt(A) (|u| + c)). One thread per element.
extern "C" __global__ void step_factor_ref(const double* rho, const double* m, const double* E,
                                           const double* area, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double mx = m[i], my = m[n + i], mz = m[2 * n + i];
  double m2 = mx * mx + my * my + mz * mz;
  double u = sqrt(m2) / rho[i];
  double p = 0.4 * (E[i] - 0.5 * m2 / rho[i]);
  double c = sqrt(1.4 * p / rho[i]);
  out[i] = 1.0 / (2.0 * sqrt(area[i]) * (u + c));
}
