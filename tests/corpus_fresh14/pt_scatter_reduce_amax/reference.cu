// Reference for corpus_fresh14 pt_scatter_reduce_amax (written for the corpus): out[g][d] is
// the maximum of 0 (the zero-filled self, include_self = true) and every src[r][d] whose row r
// belongs to graph g (batch ids outside [0, graphs) dropped). One block of 1024 per graph: thread
// (k, d) scans rows k, k + 16, ... (no use of the ids' order), then a shared-memory max over the
// 16 row groups; a max is exact, so float64 holds the float value itself.
extern "C" __global__ void scatter_amax_ref(long long rows, long long D, long long graphs,
                                            const long long* batch, const float* src,
                                            double* out) {
  __shared__ double part[1024];
  const long long g = blockIdx.x;
  const long long groups = blockDim.x / D;  // 16 for D = 64
  const long long k = threadIdx.x / D, d = threadIdx.x % D;
  double m = 0.0;
  if (k < groups)
    for (long long r = k; r < rows; r += groups)
      if (batch[r] == g && (double)src[r * D + d] > m) m = src[r * D + d];
  part[threadIdx.x] = m;
  __syncthreads();
  if (threadIdx.x < D && g < graphs) {
    double best = 0.0;
    for (long long j = 0; j < groups; ++j)
      if (part[j * D + threadIdx.x] > best) best = part[j * D + threadIdx.x];
    out[g * D + threadIdx.x] = best;
  }
}
