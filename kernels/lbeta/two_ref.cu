// float64 reference of redteam30_two_input_strata_cv and control_redteam30_two_input_fp32 (red
// team 30): log B(t + 4, t + 2), t = v / 1000, of every int32 value v of both inputs in double, a
// block tree in double, one double atomic a block (the output is zeroed before the run).
#define RB 256
extern "C" __global__ void __launch_bounds__(RB)
    two_lbeta_ref(const int* a, const int* b, double* out, int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  double acc = 0.0;
  for (size_t i = (size_t)blockIdx.x * RB + tid; i < 2 * (size_t)n; i += (size_t)gridDim.x * RB) {
    const double v = (double)(i < (size_t)n ? a[i] : b[i - n]) * 1e-3;
    acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
  }
  red[tid] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, red[0]);
}
