// Reference for corpus_fresh22 hecb_haccmk_short_force (written for the corpus): the HACCmk short-
// range force in float64, one thread per particle i < n1 against particles j < n2: r2 the squared
// distance, the mass counted only where r2 < fsrmax, f = m (1 / (r2 + rsm)^1.5 - poly(r2)), the
// sums times fcoeff added to the velocities it is given (inout).
extern "C" __global__ void haccmk_ref(int n1, int n2, const float* xx, const float* yy,
                                      const float* zz, const float* mass, double* vx2, double* vy2,
                                      double* vz2, float fsrmax, float mp_rsm, float fcoeff) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n1) return;
  const double ma0 = 0.269327f, ma1 = -0.0750978f, ma2 = 0.0114808f, ma3 = -0.00109313f,
               ma4 = 0.0000605491f, ma5 = -0.00000147177f;
  const double xi0 = xx[i], yi0 = yy[i], zi0 = zz[i];
  double sx = 0.0, sy = 0.0, sz = 0.0;
  for (int j = 0; j < n2; ++j) {
    const double dx = (double)xx[j] - xi0, dy = (double)yy[j] - yi0, dz = (double)zz[j] - zi0;
    const double r2 = dx * dx + dy * dy + dz * dz;
    const double m = r2 < (double)fsrmax ? (double)mass[j] : 0.0;
    const double s = r2 + (double)mp_rsm;
    const double f =
        m * (1.0 / (s * sqrt(s)) - (ma0 + r2 * (ma1 + r2 * (ma2 + r2 * (ma3 + r2 * (ma4 + r2 * ma5))))));
    sx += f * dx;
    sy += f * dy;
    sz += f * dz;
  }
  vx2[i] += sx * (double)fcoeff;
  vy2[i] += sy * (double)fcoeff;
  vz2[i] += sz * (double)fcoeff;
}
