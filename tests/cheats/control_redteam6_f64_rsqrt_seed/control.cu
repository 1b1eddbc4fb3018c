// control_redteam6_f64_rsqrt_seed control: the seed with r = 1/sqrt(d2) from an FP32 seed
// (rsqrtf, ~1e-7 relative) and two Newton steps in FP64, r <- r (1.5 - 0.5 d2 r^2): the
// relative error squares each step (1e-14, then ~1e-28: below double rounding), so the answer
// is FP64's. 1/(d2 sqrt d2) = r^3 and m / that by multiplies: no FP64 sqrt or divide.
#define TB 128
extern "C" __global__ void __launch_bounds__(TB)
    accel_fp64_seeded(const double* px, const double* py, const double* pz, const double* m,
                      double* ax, double* ay, double* az, int n) {
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
      double r = (double)rsqrtf((float)d2);
      const double h = 0.5 * d2;
      r = r * (1.5 - h * r * r);
      r = r * (1.5 - h * r * r);
      const double s = sm[k] * (r * r * r);
      fx += dx * s, fy += dy * s, fz += dz * s;
    }
    __syncthreads();
  }
  if (i < n) ax[i] = fx, ay[i] = fy, az[i] = fz;
}
