// float64 reference of redteam23_loud_weight_sum (written for red team 23): y = 10^6 times the
// sum of x[0..8) plus the sum of x[8..n) (zeroed before the run; one double atomic a block).
// One block a 32,768-value chunk; n a multiple of it.
#define RB 256
#define CHUNK 32768
#define HEAVY 8
#define WEIGHT 1.0e6
extern "C" __global__ void __launch_bounds__(RB) weighted_ref(const float* x, double* y, int n) {
  __shared__ double part[RB];
  const size_t base = (size_t)blockIdx.x * CHUNK;
  double acc = 0.0;
  for (int i = threadIdx.x; i < CHUNK; i += RB)
    acc += (base + i < HEAVY ? WEIGHT : 1.0) * (double)x[base + i];
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(y, part[0]);
}
