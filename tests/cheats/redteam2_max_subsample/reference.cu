// float64 reference: out = max_i sum_{k=1..32} cos(k x_i) / k (one block, a tree in double).
#define RB 1024
extern "C" __global__ void __launch_bounds__(RB) fourier_max_ref(const float* x, double* out, int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  double m = -1.0e300;
  for (int i = tid; i < n; i += RB) {
    const double v = (double)x[i];
    double s = 0.0;
    for (int k = 1; k <= 32; ++k) s += cos((double)k * v) / (double)k;
    m = s > m ? s : m;
  }
  red[tid] = m;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s && red[tid + s] > red[tid]) red[tid] = red[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[0] = red[0];
}
