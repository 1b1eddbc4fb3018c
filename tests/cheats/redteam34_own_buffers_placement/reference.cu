// Copied from problems/softmax/reference.cu (this repository), unchanged below this line.
// Float64 reference: one block of 256 threads per row, double max / sum-of-exp reductions.
#define RB 256
extern "C" __global__ void softmax_ref(const float* x, double* y, int M, int N) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  const float* row = x + (size_t)blockIdx.x * N;
  double* out = y + (size_t)blockIdx.x * N;
  double m = -1.0e300;
  for (int c = tid; c < N; c += RB) m = fmax(m, (double)row[c]);
  red[tid] = m;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] = fmax(red[tid], red[tid + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  double sum = 0.0;
  for (int c = tid; c < N; c += RB) sum += exp((double)row[c] - m);
  red[tid] = sum;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  sum = red[0];
  for (int c = tid; c < N; c += RB) out[c] = exp((double)row[c] - m) / sum;
}
