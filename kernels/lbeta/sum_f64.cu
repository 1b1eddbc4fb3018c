// Red team 27's seed of the law-mode log-Beta sum (tests/cheats/redteam27_law_taylor_sum,
// control_redteam27_law_poly_lbeta): log B(x + 4, x + 2) of every element in double (three
// lgamma), summed in double, one partial a block in module memory, the last block to finish
// adds them in block order and stores the float total. Accurate to the float output's own
// rounding, so the problem's tight rtol (6e-7) is a bound on the kernel, not on its rounding.
// Needs gridDim.x <= PARTS; n a multiple of 4.
#define BLOCK 256
#define PARTS 1024
__device__ double lbeta_f64_part[PARTS];
__device__ unsigned int lbeta_f64_done;

__device__ __forceinline__ double lbeta_f64_term(float x) {
  const double v = (double)x;
  return lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
}

extern "C" __global__ void __launch_bounds__(BLOCK) lbeta_sum_f64(const float* x, float* out, int n) {
  __shared__ double red[BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* q = reinterpret_cast<const float4*>(x);
  double acc = 0.0;
  for (size_t i = (size_t)blockIdx.x * BLOCK + tid; i < (size_t)n / 4; i += (size_t)gridDim.x * BLOCK) {
    const float4 v = q[i];
    acc += (lbeta_f64_term(v.x) + lbeta_f64_term(v.y)) + (lbeta_f64_term(v.z) + lbeta_f64_term(v.w));
  }
  red[tid] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    lbeta_f64_part[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&lbeta_f64_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double y = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) y += ((volatile double*)lbeta_f64_part)[b];
  out[0] = (float)y;
  lbeta_f64_done = 0;  // the next launch starts from 0 whether or not the module is reloaded
}
