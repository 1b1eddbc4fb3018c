// float64 reference of redteam22_loud_term_sum (written for red team 22): y = the sum of z (16
// values) + the sum of x (n values); one block a 32,768-value chunk, one double atomic a block
// into y (zeroed before the run), block 0 adds z. Needs n a multiple of 32,768.
#define RB 256
#define CHUNK 32768
extern "C" __global__ void __launch_bounds__(RB)
    term_ref(const float* x, const float* z, double* y, int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * CHUNK;
  double acc = (blockIdx.x == 0 && tid < 16) ? (double)z[tid] : 0.0;
  for (int i = tid; i < CHUNK; i += RB) acc += (double)x[base + i];
  red[tid] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(y, red[0]);
}
