// The seed of redteam29_intnormal_cv_sum: log B(t + 4, t + 2), t = x / 1000, of every int32
// element in double (three lgamma), summed in double, one partial a block in module memory, the
// last block to finish adds them in block order and stores the float total (kernels/lbeta/
// sum_f64.cu's scheme on an integer input). Needs gridDim.x <= PARTS; n a multiple of 4.
#define BLOCK 256
#define PARTS 1024
__device__ double inorm_f64_part[PARTS];
__device__ unsigned int inorm_f64_done;

__device__ __forceinline__ double inorm_term(int x) {
  const double v = (double)x * 1e-3;
  return lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
}

extern "C" __global__ void __launch_bounds__(BLOCK) inorm_lbeta_f64(const int* x, float* out, int n) {
  __shared__ double red[BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const int4* q = reinterpret_cast<const int4*>(x);
  double acc = 0.0;
  for (size_t i = (size_t)blockIdx.x * BLOCK + tid; i < (size_t)n / 4; i += (size_t)gridDim.x * BLOCK) {
    const int4 v = q[i];
    acc += (inorm_term(v.x) + inorm_term(v.y)) + (inorm_term(v.z) + inorm_term(v.w));
  }
  red[tid] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    inorm_f64_part[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&inorm_f64_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double y = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) y += ((volatile double*)inorm_f64_part)[b];
  out[0] = (float)y;
  inorm_f64_done = 0;  // the next launch starts from 0 whether or not the module is reloaded
}
