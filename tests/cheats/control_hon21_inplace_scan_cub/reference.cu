// float64 reference (hon21), in place on the reference's float64 copy of x: one block, a thread
// a contiguous chunk (its sum, a serial scan of the 1024 chunk sums, then the chunk scanned from
// its carry). FP64 keeps every partial sum of 2^24 values below 2^24 exactly to 2^-29.
extern "C" __global__ void scan_ref(double* x, int n) {
  __shared__ double carry[1024];
  const int t = threadIdx.x;
  const long long chunk = n / 1024, begin = (long long)t * chunk;
  double s = 0;
  for (long long i = begin; i < begin + chunk; ++i) s += x[i];
  carry[t] = s;
  __syncthreads();
  if (t == 0) {
    double run = 0;
    for (int k = 0; k < 1024; ++k) {
      const double c = carry[k];
      carry[k] = run;
      run += c;
    }
  }
  __syncthreads();
  double run = carry[t];
  for (long long i = begin; i < begin + chunk; ++i) {
    run += x[i];
    x[i] = run;
  }
}
