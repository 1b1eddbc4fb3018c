// float64 reference for corpus_fresh9 raja_diff_predict (written for the corpus): for element i,
// with planes P_k = px[k n + i], the running differences d_4 = cx[4 n + i], d_{k+1} = d_k - P_k
// (old values), then P_k = d_k for k = 4..12 and P_13 = d_12 - P_12(old).
extern "C" __global__ void diff_predict_ref(double* px, const double* cx, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double d = cx[4 * n + i];
  for (int k = 4; k <= 12; ++k) {
    const double old = px[k * n + i];
    px[k * n + i] = d;
    d = d - old;
  }
  px[13 * n + i] = d;
}
