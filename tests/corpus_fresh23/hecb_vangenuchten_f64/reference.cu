// Reference for corpus_fresh23 hecb_vangenuchten_f64 (written for the corpus): the same model
// written out plainly, one cell a thread, float64 throughout; the conductivity's factor
// (1 - (1 - Se^(1/m))^m) squared as in HeCBench's host reference.
extern "C" __global__ void van_genuchten_ref(const double* Ksat, const double* psi, double* C,
                                             double* theta, double* K, int size) {
  const double a = 0.02, ts = 0.45, tr = 0.1, n = 1.8;
  const double m = (n - 1.0) / n;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size) return;
  const double h = psi[i] * 100.0;
  const bool unsat = h < 0.0;
  const double th = unsat ? (ts - tr) / pow(1.0 + pow(-a * h, n), m) + tr : ts;
  theta[i] = th;
  const double se = (th - tr) / (ts - tr);
  const double f = 1.0 - pow(1.0 - pow(se, 1.0 / m), m);
  K[i] = Ksat[i] * sqrt(se) * f * f;
  const double ah = a * fabs(h);
  C[i] = unsat ? 100.0 * a * n * (1.0 / n - 1.0) * pow(ah, n - 1.0) * (tr - ts) *
                     pow(pow(ah, n) + 1.0, 1.0 / n - 2.0)
               : 0.0;
}
