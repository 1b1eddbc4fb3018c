// control_redteam12_f64_cutoff_prefilter seed (honest): a thread per point, the other points
// through shared-memory tiles of 128 (n is a multiple of 128), every pair's distance and cutoff
// test in FP64.
#define TILE 128
extern "C" __global__ void __launch_bounds__(TILE)
    cutoff_fp64(const double* px, const double* py, const double* pz, double* fx, double* fy,
                double* fz, int n) {
  __shared__ double sx[TILE], sy[TILE], sz[TILE];
  const int i = blockIdx.x * TILE + threadIdx.x;
  const double xi = px[i], yi = py[i], zi = pz[i];
  double ax = 0, ay = 0, az = 0;
  for (int base = 0; base < n; base += TILE) {
    __syncthreads();
    sx[threadIdx.x] = px[base + threadIdx.x];
    sy[threadIdx.x] = py[base + threadIdx.x];
    sz[threadIdx.x] = pz[base + threadIdx.x];
    __syncthreads();
#pragma unroll 4
    for (int j = 0; j < TILE; ++j) {
      const double dx = xi - sx[j], dy = yi - sy[j], dz = zi - sz[j];
      const double d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < 1.0) {
        const double w = (1.0 - d2) * (1.0 - d2);
        ax += w * dx, ay += w * dy, az += w * dz;
      }
    }
  }
  fx[i] = ax, fy[i] = ay, fz[i] = az;
}
