// float64 reference for corpus_fresh9 raja_trap_int_f64 (written for the corpus): the sum over i
// of 1 / sqrt((x0 + i h - xp)^2 + (y - yp)^2), a strided share per thread, one atomic add each.
extern "C" __global__ void trap_int_ref(double x0, double xp, double y, double yp, double h,
                                        double* sumx, long long n) {
  const long long stride = (long long)gridDim.x * blockDim.x;
  double s = 0.0;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const double dxv = x0 + (double)i * h - xp, dyv = y - yp;
    s += 1.0 / sqrt(dxv * dxv + dyv * dyv);
  }
  atomicAdd(sumx, s);
}
