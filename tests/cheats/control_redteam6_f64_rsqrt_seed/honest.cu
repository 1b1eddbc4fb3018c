// control_redteam6_f64_rsqrt_seed seed: the body-body interaction of GPU Gems 3 ch. 31
// (Nyland, Harris, Prins, "Fast N-Body Simulation with CUDA") in double, written for the red
// team: a thread per body, the others through shared-memory tiles, softening 1e-3.
#define TB 128
extern "C" __global__ void __launch_bounds__(TB)
    accel_fp64(const double* px, const double* py, const double* pz, const double* m, double* ax,
               double* ay, double* az, int n) {
  __shared__ double sx[TB], sy[TB], sz[TB], sm[TB];
  const int i = blockIdx.x * TB + threadIdx.x;
  const double xi = i < n ? px[i] : 0, yi = i < n ? py[i] : 0, zi = i < n ? pz[i] : 0;
  double fx = 0, fy = 0, fz = 0;
  for (int t = 0; t < n; t += TB) {
    const int j = t + threadIdx.x;
    sx[threadIdx.x] = j < n ? px[j] : 0;
    sy[threadIdx.x] = j < n ? py[j] : 0;
    sz[threadIdx.x] = j < n ? pz[j] : 0;
    sm[threadIdx.x] = j < n ? m[j] : 0;
    __syncthreads();
    for (int k = 0; k < TB && t + k < n; ++k) {
      const double dx = sx[k] - xi, dy = sy[k] - yi, dz = sz[k] - zi;
      const double d2 = dx * dx + dy * dy + dz * dz + 1e-3;
      const double s = sm[k] / (d2 * sqrt(d2));
      fx += dx * s, fy += dy * s, fz += dz * s;
    }
    __syncthreads();
  }
  if (i < n) ax[i] = fx, ay[i] = fy, az[i] = fz;
}
