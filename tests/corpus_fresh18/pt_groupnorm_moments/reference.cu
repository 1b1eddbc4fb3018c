// Reference for corpus_fresh18 pt_groupnorm_moments (written for the corpus): for each of G rows
// of D values, the mean and 1 / sqrt(population variance + eps), two passes in double (the block's
// threads sum strided shares, thread 0 adds them in order); float64 out.
extern "C" __global__ void group_moments_ref(int G, long long D, float eps, const float* X, double* mean,
                                              double* rstd) {
  __shared__ double part[256];
  for (int g = blockIdx.x; g < G; g += gridDim.x) {
    const float* row = X + (long long)g * D;
    double s = 0.0;
    for (long long j = threadIdx.x; j < D; j += blockDim.x) s += (double)row[j];
    part[threadIdx.x] = s;
    __syncthreads();
    __shared__ double mu;
    if (threadIdx.x == 0) {
      double t = 0.0;
      for (int k = 0; k < (int)blockDim.x; ++k) t += part[k];
      mu = t / (double)D;
    }
    __syncthreads();
    double q = 0.0;
    for (long long j = threadIdx.x; j < D; j += blockDim.x) {
      const double d = (double)row[j] - mu;
      q += d * d;
    }
    __syncthreads();
    part[threadIdx.x] = q;
    __syncthreads();
    if (threadIdx.x == 0) {
      double t = 0.0;
      for (int k = 0; k < (int)blockDim.x; ++k) t += part[k];
      mean[g] = mu;
      rstd[g] = 1.0 / sqrt(t / (double)D + (double)eps);
    }
    __syncthreads();
  }
}
