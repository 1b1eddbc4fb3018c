// corpus_fresh25: hecb_fhd_sincos -- HeCBench (zjin-lcf/HeCBench), src/fhd-cuda: the F^H d kernel of
// the advanced MRI reconstruction case study (Stone et al., after Parboil's mri-fhd; the
// course-page version HeCBench names): each thread takes one sample point and accumulates, over
// one chunk of 4096 k-space voxels held in __constant__ memory, the real and imaginary parts of
// rho(m) e^{i 2 pi k(m) . x(n)} with the hardware __cosf and __sinf. Every lane reads the same
// k(m) and the same rmu[m], imu[m] in each step (broadcasts).
// Rewritten for the problem format (see README.md): extern "C", the chunk's k-space samples as an
// initialised __constant__ array (kdata.h; the origin copies each chunk in with
// cudaMemcpyToSymbol before its launch), M_PI as FHD_M_PI; the loop, the two intrinsics, the four multiply-adds and
// the launch (256-thread blocks, a sample a thread) as the origin's. One launch: the first chunk.
#include "kdata.h"

#define CHUNK_S 4096
// libc's M_PI (NVRTC has no <math.h>)
#define FHD_M_PI 3.14159265358979323846

typedef struct {
  float x, y, z;
} kdata;

__constant__ kdata k[CHUNK_S] = {FHD_K_INIT};

extern "C" __global__ void cmpfhd(const float* __restrict__ rmu, const float* __restrict__ imu,
                                  float* __restrict__ rfhd, float* __restrict__ ifhd,
                                  const float* __restrict__ x, const float* __restrict__ y,
                                  const float* __restrict__ z, const int samples,
                                  const int voxels) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < samples) {
    float xn = x[n], yn = y[n], zn = z[n];
    float rfhdn = rfhd[n], ifhdn = ifhd[n];
    for (int m = 0; m < voxels; m++) {
      float e = 2.f * (float)FHD_M_PI * (k[m].x * xn + k[m].y * yn + k[m].z * zn);
      float c = __cosf(e);
      float s = __sinf(e);
      rfhdn += rmu[m] * c - imu[m] * s;
      ifhdn += imu[m] * c + rmu[m] * s;
    }
    rfhd[n] = rfhdn, ifhd[n] = ifhdn;
  }
}
