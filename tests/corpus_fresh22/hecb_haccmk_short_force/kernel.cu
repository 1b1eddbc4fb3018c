// corpus_fresh22: hecb_haccmk_short_force -- HeCBench (zjin-lcf/HeCBench), src/haccmk-cuda/haccmk.cu:
// haccmk_kernel, the CUDA port of the CORAL HACCmk microkernel (HACC's short-range gravity force:
// every particle i against a list of n2 particles, a cut-off test, 1 / r^3 softened minus a
// fifth-order polynomial, the force summed in three registers and added to vx2, vy2, vz2).
// One thread per particle i; every lane of a warp walks the same j, so the four loads of a step
// are one address for the whole warp.
// Rewritten for the problem format (see README.md): extern "C"; the loop, the arithmetic (sqrtf
// and the IEEE division as written), the constants and the launch (256-thread blocks,
// ceil(n1 / 256) of them) as the origin's.

extern "C" __global__ void haccmk_kernel(const int n1, const int n2, const float* __restrict__ xx,
                                         const float* __restrict__ yy,
                                         const float* __restrict__ zz,
                                         const float* __restrict__ mass, float* __restrict__ vx2,
                                         float* __restrict__ vy2, float* __restrict__ vz2,
                                         const float fsrmax, const float mp_rsm,
                                         const float fcoeff) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n1) return;

  // the polynomial fit of the long-range (PM) part of the force, subtracted
  const float ma0 = 0.269327f;
  const float ma1 = -0.0750978f;
  const float ma2 = 0.0114808f;
  const float ma3 = -0.00109313f;
  const float ma4 = 0.0000605491f;
  const float ma5 = -0.00000147177f;

  float dxc, dyc, dzc, m, r2, f, xi, yi, zi;
  xi = 0.f;
  yi = 0.f;
  zi = 0.f;

  const float xxi = xx[i];
  const float yyi = yy[i];
  const float zzi = zz[i];

  for (int j = 0; j < n2; j++) {
    dxc = xx[j] - xxi;
    dyc = yy[j] - yyi;
    dzc = zz[j] - zzi;
    r2 = dxc * dxc + dyc * dyc + dzc * dzc;
    m = (r2 < fsrmax) ? mass[j] : 0.f;
    f = r2 + mp_rsm;
    f = m * (1.f / (f * sqrtf(f)) - (ma0 + r2 * (ma1 + r2 * (ma2 + r2 * (ma3 + r2 * (ma4 + r2 * ma5))))));
    xi = xi + f * dxc;
    yi = yi + f * dyc;
    zi = zi + f * dzc;
  }

  vx2[i] += xi * fcoeff;
  vy2[i] += yi * fcoeff;
  vz2[i] += zi * fcoeff;
}
