// float64 reference for corpus_fresh9 raja_reduce3_int (written for the corpus): one block folds
// the sum, minimum and maximum of vec together with the three initial values of vmem (zero here)
// and writes them to vmem[0..2].
extern "C" __global__ void reduce3_ref(const int* vec, double* vmem, long long n) {
  __shared__ double s[1024], lo[1024], hi[1024];
  double a = 0.0, mn = 0.0, mx = 0.0;  // vmem's initial values
  for (long long i = threadIdx.x; i < n; i += blockDim.x) {
    const double v = vec[i];
    a += v;
    mn = v < mn ? v : mn;
    mx = v > mx ? v : mx;
  }
  s[threadIdx.x] = a;
  lo[threadIdx.x] = mn;
  hi[threadIdx.x] = mx;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) {
      s[threadIdx.x] += s[threadIdx.x + h];
      lo[threadIdx.x] = fmin(lo[threadIdx.x], lo[threadIdx.x + h]);
      hi[threadIdx.x] = fmax(hi[threadIdx.x], hi[threadIdx.x + h]);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    vmem[0] = s[0];
    vmem[1] = lo[0];
    vmem[2] = hi[0];
  }
}
