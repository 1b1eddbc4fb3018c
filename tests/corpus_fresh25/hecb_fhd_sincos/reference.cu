// Reference for corpus_fresh25 hecb_fhd_sincos (written for the corpus): the same sums in float64
// with the accurate cos and sin of 2 pi k(m) . x(n), the k-space samples read from the same
// table (kdata.h) as doubles.
#include "kdata.h"

struct fhd_ref_k {
  float x, y, z;
};
__constant__ fhd_ref_k fhd_ref_kspace[4096] = {FHD_K_INIT};

extern "C" __global__ void fhd_ref(const float* rmu, const float* imu, double* rfhd,
                                   double* ifhd, const float* x, const float* y, const float* z,
                                   int samples, int voxels) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= samples) return;
  const double xn = x[n], yn = y[n], zn = z[n];
  double re = rfhd[n], im = ifhd[n];
  const double two_pi = 6.283185307179586476925;
  for (int m = 0; m < voxels; ++m) {
    const fhd_ref_k km = fhd_ref_kspace[m];
    const double e = two_pi * ((double)km.x * xn + (double)km.y * yn + (double)km.z * zn);
    const double c = cos(e), s = sin(e);
    re += (double)rmu[m] * c - (double)imu[m] * s;
    im += (double)imu[m] * c + (double)rmu[m] * s;
  }
  rfhd[n] = re;
  ifhd[n] = im;
}
