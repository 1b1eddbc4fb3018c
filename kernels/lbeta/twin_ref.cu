// float64 reference of redteam16_twin_output_sample and its control (written for the red team): one
// block per 32,768-element chunk; in double, log B(x + 4, x + 2) of every element (a block tree,
// one double atomic per block into `out`, zeroed before the run) and the chunk's mean of x into
// `chunk_mean`. Needs n a multiple of 32,768.
#define RB 256
#define CHUNK 32768
extern "C" __global__ void __launch_bounds__(RB)
    twin_ref(const float* x, double* out, double* chunk_mean, int n) {
  __shared__ double red[2][RB];
  const int tid = threadIdx.x;
  const float* c = x + (size_t)blockIdx.x * CHUNK;
  double acc = 0.0, sum = 0.0;
  for (int i = tid; i < CHUNK; i += RB) {
    const double v = (double)c[i];
    acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    sum += v;
  }
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
