// Reference for corpus_fresh22 pt_batch_norm_stats_nchw (written for the corpus): one block per
// channel, a float64 two-pass mean and biased variance over (batch, H*W) with a shared-memory
// tree, then mean and 1 / sqrt(var + eps) out. Launched with 256 threads.
extern "C" __global__ void bn_stats_ref(const float* x, double* mean_out, double* invstd_out,
                                        int nb, int c, int hw, float eps) {
  __shared__ double part[256];
  const int ch = blockIdx.x;
  const long long cnt = (long long)nb * hw;
  double s = 0.0;
  for (long long i = threadIdx.x; i < cnt; i += 256) {
    const long long b = i / hw, f = i % hw;
    s += (double)x[(b * c + ch) * hw + f];
  }
  part[threadIdx.x] = s;
  __syncthreads();
  for (int h = 128; h > 0; h >>= 1) {
    if ((int)threadIdx.x < h) part[threadIdx.x] += part[threadIdx.x + h];
    __syncthreads();
  }
  const double mean = part[0] / (double)cnt;
  __syncthreads();
  double q = 0.0;
  for (long long i = threadIdx.x; i < cnt; i += 256) {
    const long long b = i / hw, f = i % hw;
    const double d = (double)x[(b * c + ch) * hw + f] - mean;
    q += d * d;
  }
  part[threadIdx.x] = q;
  __syncthreads();
  for (int h = 128; h > 0; h >>= 1) {
    if ((int)threadIdx.x < h) part[threadIdx.x] += part[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    mean_out[ch] = mean;
    invstd_out[ch] = 1.0 / sqrt(part[0] / (double)cnt + (double)eps);
  }
}
