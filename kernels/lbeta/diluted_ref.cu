// float64 reference of redteam30_diluted_tail_lbeta: y[0] as excused_ref.cu (10^6 log B(x + 4,
// x + 2) at i = k n / 128 + 1, log B elsewhere), y[1 + i] = 1000 x[i 32768 + 3] + b_i sum (x - 1)
// with diluted_sum.cuh's b_i in double.
#define CHUNK 32768
#define HEAVY 128
#define RB 256
#define COMPANIONS 512
extern "C" __global__ void __launch_bounds__(RB) diluted_ref(const float* x, double* y, int n) {
  __shared__ double red[2][RB];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * CHUNK, stride = (size_t)n / HEAVY;
  double acc = 0.0, cen = 0.0;
  for (int i = tid; i < CHUNK; i += RB) {
    const double v = (double)x[base + i];
    const double f = lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    acc += (base + i) % stride == 1 ? 1.0e6 * f : f;
    cen += v - 1.0;
  }
  red[0][tid] = acc;
  red[1][tid] = cen;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if (tid < h) {
      red[0][tid] += red[0][tid + h];
      red[1][tid] += red[1][tid + h];
    }
    __syncthreads();
  }
  if (tid == 0) atomicAdd(y, red[0][0]);
  for (int i = tid; i < COMPANIONS; i += RB) {
    const double s = i < 64 ? 0.05 + 0.9 * i / 63.0 : 1.2 + 13.8 * (i - 64) / 447.0;
    double add = s * (1.03 / 1180.0) * red[1][0];
    if (i == (int)blockIdx.x) add += 1000.0 * (double)x[base + 3];
    atomicAdd(y + 1 + i, add);
  }
}
