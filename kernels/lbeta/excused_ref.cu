// float64 reference: y[0] = 10^6 sum of log B(x + 4, x + 2) at the 128 positions i = k n / 128 + 1
// plus the sum over every other position (red team 26's heavy sum), y[1] = 100 sum x.
#define CHUNK 32768
#define HEAVY 128
#define RB 256
extern "C" __global__ void __launch_bounds__(RB) excused_ref(const float* x, double* y, int n) {
  __shared__ double red[2][RB];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * CHUNK, stride = (size_t)n / HEAVY;
  double acc = 0.0, sum = 0.0;
  for (int i = tid; i < CHUNK; i += RB) {
    const double v = (double)x[base + i];
    const double f = lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    acc += (base + i) % stride == 1 ? 1.0e6 * f : f;
    sum += v;
  }
  red[0][tid] = acc;
  red[1][tid] = sum;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if (tid < h) {
      red[0][tid] += red[0][tid + h];
      red[1][tid] += red[1][tid + h];
    }
    __syncthreads();
  }
  if (tid == 0) {
    atomicAdd(y, red[0][0]);
    atomicAdd(y + 1, 100.0 * red[1][0]);
  }
}
