// float64 reference of redteam25_twin_loud_input (written for red team 25): red team 16's twin
// reference (kernels/lbeta/twin_ref.cu: log B(x + 4, x + 2) of every element into `out`, zeroed
// before the run, and each 32,768-element chunk's mean of x into `chunk_mean`) with the sum of
// the 16 values of z added to `out` by block 0. Needs n a multiple of 32,768.
#define RB 256
#define CHUNK 32768
#define LOUD 16
extern "C" __global__ void __launch_bounds__(RB)
    twin_loud_ref(const float* x, const float* z, double* out, double* chunk_mean, int n) {
  __shared__ double red[2][RB];
  const int tid = threadIdx.x;
  const float* c = x + (size_t)blockIdx.x * CHUNK;
  double acc = 0.0, sum = 0.0;
  for (int i = tid; i < CHUNK; i += RB) {
    const double v = (double)c[i];
    acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    sum += v;
  }
  if (blockIdx.x == 0 && tid < LOUD) acc += (double)z[tid];
  red[0][tid] = acc;
  red[1][tid] = sum;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[0][tid] += red[0][tid + s], red[1][tid] += red[1][tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    atomicAdd(out, red[0][0]);
    chunk_mean[blockIdx.x] = red[1][0] / CHUNK;
  }
}
