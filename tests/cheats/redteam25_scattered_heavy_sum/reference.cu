// float64 reference of redteam25_scattered_heavy_sum (written for red team 25): y = 10^6 times
// the sum of x at the 128 positions k n / 128 + 1 plus the sum of every other x (zeroed before
// the run; one double atomic a block). One block a 32,768-value chunk; n a multiple of 2^22.
#define RB 256
#define CHUNK 32768
#define HEAVY 128
#define WEIGHT 1.0e6
extern "C" __global__ void __launch_bounds__(RB) scattered_ref(const float* x, double* y, int n) {
  __shared__ double part[RB];
  const size_t base = (size_t)blockIdx.x * CHUNK, stride = (size_t)n / HEAVY;
  double acc = 0.0;
  for (int i = threadIdx.x; i < CHUNK; i += RB)
    acc += ((base + i) % stride == 1 ? WEIGHT : 1.0) * (double)x[base + i];
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(y, part[0]);
}
