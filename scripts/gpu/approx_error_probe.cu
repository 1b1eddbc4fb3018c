// Red team round 13 (issue 28): how far from FP64 are the approximations the round's cheats use
// unrefined, and their Newton-refined controls? Over 2^24 arguments d2 spread over [1e-4, 4.0001]
// (the range of d2 = (x - y)^2 + 1e-4 for x, y in [-1, 1)), the largest relative error against the
// CUDA math library's FP64 functions of
//   rsqrt.approx.ftz.f64 (tests/cheats/redteam13_f64_rsqrt_approx), and with two Newton steps
//     (control_redteam13_f64_rsqrt_newton), and rsqrt.approx.f64 without .ftz (which ptxas
//     refines: 2.2e-16 on the H200, 2026-12-04);
//   ex2.approx.f32(-(1/6) lg2.approx.f32(d2)) (redteam13_f64_sfu_pow), and with two Newton steps
//     (control_redteam13_f64_sfu_newton).
// The cheats are kept at rtol 1e-6 only if their line is below 1e-6; the controls' must be ~1e-15.
// Measured on the H200 (2026-12-04): 9.0e-7, 2.2e-16, 2.1e-7, 2.2e-16, 2.2e-16.
// Build: nvcc -arch=sm_90 -O3 -o approx_error_probe approx_error_probe.cu
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

__device__ double rsqrt_approx(double v) {
  double r;
  asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(v));
  return r;
}
__device__ double rsqrt_approx_no_ftz(double v) {
  double r;
  asm("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(v));
  return r;
}
__device__ double rsqrt_newton(double v) {
  double y = rsqrt_approx(v);
  const double h = 0.5 * v;
  for (int s = 0; s < 2; ++s) y = y * fma(-h * y, y, 1.5);
  return y;
}
__device__ double riesz_sfu(double v) {
  float l, e;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(l) : "f"(__double2float_rn(v)));
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(e) : "f"(__double2float_rn((-1.0 / 6.0) * (double)l)));
  return (double)e;
}
__device__ double riesz_newton(double v) {
  double y = riesz_sfu(v);
  for (int s = 0; s < 2; ++s) {
    const double y2 = y * y;
    y = fma(y * fma(-v, y2 * y2 * y2, 1.0), 1.0 / 6.0, y);
  }
  return y;
}

// Positive doubles order as their bit patterns: atomicMax on the bits keeps the largest error.
__device__ void keep_max(unsigned long long* at, double e) {
  atomicMax(at, (unsigned long long)__double_as_longlong(fabs(e)));
}

__global__ void errors(unsigned long long* worst, int count) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < count; k += gridDim.x * blockDim.x) {
    const double v = 1e-4 + 4.0 * (k + 0.5) / count;
    const double rs = 1.0 / sqrt(v), p6 = pow(v, -1.0 / 6.0);
    keep_max(&worst[0], rsqrt_approx(v) / rs - 1);
    keep_max(&worst[1], rsqrt_newton(v) / rs - 1);
    keep_max(&worst[2], riesz_sfu(v) / p6 - 1);
    keep_max(&worst[3], riesz_newton(v) / p6 - 1);
    keep_max(&worst[4], rsqrt_approx_no_ftz(v) / rs - 1);
  }
}

int main() {
  const int count = 1 << 24;
  unsigned long long* d = nullptr;
  if (cudaMalloc(&d, 5 * sizeof(unsigned long long)) != cudaSuccess) return 1;
  cudaMemset(d, 0, 5 * sizeof(unsigned long long));
  errors<<<1056, 256>>>(d, count);
  unsigned long long h[5];
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::printf("approx: kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  const char* what[5] = {"rsqrt.approx.ftz.f64 (redteam13_f64_rsqrt_approx)",
                         "rsqrt.approx.ftz.f64 + 2 Newton (control_redteam13_f64_rsqrt_newton)",
                         "lg2/ex2.approx.f32 (redteam13_f64_sfu_pow)",
                         "lg2/ex2.approx.f32 + 2 Newton (control_redteam13_f64_sfu_newton)",
                         "rsqrt.approx.f64 without .ftz (refined by ptxas)"};
  for (int i = 0; i < 5; ++i) {
    double e;
    std::memcpy(&e, &h[i], sizeof e);
    std::printf("largest relative error of %s over %d arguments: %.3g\n", what[i], count, e);
  }
  return 0;
}
