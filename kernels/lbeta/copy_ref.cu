// float64 reference of control_redteam26_copy_sum_{16,1e3} (red team 26): one block a
// 32,768-value chunk; y[i] = x[i] for i >= 1, and log B(x + 4, x + 2) of every value in double, the
// value at k n / 128 + 1 weighted w (the problem's scalar W), one atomicAdd a block into y[0] (y zeroed before the run).
// Needs n a multiple of 2^22.
#define CHUNK 32768
#define HEAVY 128
#define RB 256
extern "C" __global__ void __launch_bounds__(RB)
    sampled_light_ref(const float* x, double* y, int n, float w) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * CHUNK, stride = (size_t)n / HEAVY;
  double acc = 0.0;
  for (int i = tid; i < CHUNK; i += RB) {
    const size_t at = base + i;
    const double v = (double)x[at];
    if (at != 0) y[at] = v;
    const double f = lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
    acc += at % stride == 1 ? (double)w * f : f;
  }
  red[tid] = acc;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if (tid < h) red[tid] += red[tid + h];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(y, red[0]);
}
