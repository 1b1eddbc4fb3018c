// reference for corpus_fresh6 pt_nll_loss_one_warp: the class-weighted mean negative
// log-likelihood, loss = -sum_i w[y_i] logp[i][y_i] / sum_i w[y_i] (no sample carries the ignore
// index here), and the weight total. One block of 256 threads sums in float64 with a tree.
extern "C" __global__ void nll_loss_ref(double* output, double* total_weight, const float* logp,
                                        const long long* target, const float* w, long long n,
                                        long long C) {
  __shared__ double num[256], den[256];
  double a = 0, b = 0;
  for (long long i = threadIdx.x; i < n; i += blockDim.x) {
    long long t = target[i];
    a -= (double)w[t] * (double)logp[i * C + t];
    b += (double)w[t];
  }
  num[threadIdx.x] = a;
  den[threadIdx.x] = b;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      num[threadIdx.x] += num[threadIdx.x + s];
      den[threadIdx.x] += den[threadIdx.x + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    *output = num[0] / den[0];
    *total_weight = den[0];
  }
}
