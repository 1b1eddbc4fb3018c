// corpus_fresh23: hecb_vangenuchten_f64 -- HeCBench (zjin-lcf/HeCBench), src/vanGenuchten-cuda:
// the vanGenuchten kernel, the van Genuchten (1980) soil-water retention model a Richards-equation
// solver evaluates at every cell of its grid each step: from the pressure head psi it gives the
// moisture content theta, the hydraulic conductivity K and the specific moisture capacity C, in
// float64, with six pow() calls and a sqrt on the unsaturated path (psi < 0).
// Rewritten for the problem format (see README.md): extern "C", the model's four constants as
// constexpr doubles (the origin's `const double` at file scope), the arithmetic, the branch on the
// sign of psi, the float64 types and the launch (256-thread blocks, one cell a thread) as the
// origin's.

constexpr double vg_alpha = 0.02;
constexpr double vg_theta_S = 0.45;
constexpr double vg_theta_R = 0.1;
constexpr double vg_n = 1.8;

extern "C" __global__ void vanGenuchten(const double* __restrict__ Ksat,
                                        const double* __restrict__ psi, double* __restrict__ C,
                                        double* __restrict__ theta, double* __restrict__ K,
                                        const int size) {
  double Se, th, ps, lambda, m, t;

  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < size) {
    lambda = vg_n - 1.0;
    m = lambda / vg_n;

    // volumetric moisture content (eqn 21 of the model)
    ps = psi[i] * 100.0;
    if (ps < 0.0)
      th = (vg_theta_S - vg_theta_R) / pow(1.0 + pow((vg_alpha * (-ps)), vg_n), m) + vg_theta_R;
    else
      th = vg_theta_S;

    theta[i] = th;

    // effective saturation (eqn 2)
    Se = (th - vg_theta_R) / (vg_theta_S - vg_theta_R);

    // hydraulic conductivity (eqn 8)
    t = 1.0 - pow(1.0 - pow(Se, 1.0 / m), m);
    K[i] = Ksat[i] * sqrt(Se) * t * t;

    // specific moisture capacity d(theta)/dh, converted to 1/m
    if (ps < 0.0)
      C[i] = 100.0 * vg_alpha * vg_n * (1.0 / vg_n - 1.0) * pow(vg_alpha * fabs(ps), vg_n - 1.0) *
             (vg_theta_R - vg_theta_S) * pow(pow(vg_alpha * fabs(ps), vg_n) + 1.0, 1.0 / vg_n - 2.0);
    else
      C[i] = 0.0;
  }
}
