// Reference for corpus_fresh17 pt_nll_loss2d_fwd (written for the corpus): the summed negative
// log-likelihood of N samples of P pixels over K class planes (input [N, K, P], target [N, P]),
// pixels whose target is `ignore` left out, and the count of pixels kept; one block, strided
// partial sums in double, a shared-memory tree; float64 out.
extern "C" __global__ void nll2d_sum_ref(int N, int K, int P, long long ignore, const float* input,
                                         const long long* target, double* loss, double* count) {
  __shared__ double s_loss[256];
  __shared__ double s_count[256];
  double l = 0.0, c = 0.0;
  for (long long j = threadIdx.x; j < (long long)N * P; j += blockDim.x) {
    const long long n = j / P, p = j % P;
    const long long t = target[j];
    if (t == ignore) continue;
    l -= (double)input[(n * K + t) * P + p];
    c += 1.0;
  }
  s_loss[threadIdx.x] = l;
  s_count[threadIdx.x] = c;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h >>= 1) {
    if ((int)threadIdx.x < h) {
      s_loss[threadIdx.x] += s_loss[threadIdx.x + h];
      s_count[threadIdx.x] += s_count[threadIdx.x + h];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    loss[0] = s_loss[0];
    count[0] = s_count[0];
  }
}
