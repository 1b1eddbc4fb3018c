// Reference for corpus_fresh14 darknet_fast_mean (written for the corpus): the float64 mean of
// each filter's values over every image of the batch (layout [batch][filters][spatial]), one
// block per filter, a shared-memory tree over its threads' partial sums.
extern "C" __global__ void fast_mean_ref(long long batch, long long filters, long long spatial,
                                         const float* x, double* mean) {
  __shared__ double part[256];
  const long long f = blockIdx.x;
  double acc = 0.0;
  for (long long k = threadIdx.x; k < batch * spatial; k += blockDim.x) {
    const long long b = k / spatial, s = k % spatial;
    acc += x[(b * filters + f) * spatial + s];
  }
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if ((int)threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0 && f < filters) mean[f] = part[0] / (double)(batch * spatial);
}
