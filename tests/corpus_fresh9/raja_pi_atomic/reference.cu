// float64 reference for corpus_fresh9 raja_pi_atomic (written for the corpus): one block sums
// dx / (1 + x^2) at x = (i + 0.5) dx for every i, each thread a strided share, then a shared tree.
extern "C" __global__ void pi_sum_ref(double* pi, double dx, long long n) {
  __shared__ double part[256];
  double s = 0.0;
  for (long long i = threadIdx.x; i < n; i += blockDim.x) {
    const double x = ((double)i + 0.5) * dx;
    s += dx / (1.0 + x * x);
  }
  part[threadIdx.x] = s;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) part[threadIdx.x] += part[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) pi[0] = part[0];
}
