// The seed of redteam30_two_input_strata_cv and control_redteam30_two_input_fp32 (red team 30):
// log B(t + 4, t + 2), t = v / 1000, of every int32 value of the two inputs in double (three
// lgamma), summed in double; one partial a block in module memory, the last block to finish adds
// them in block order and stores the float total.
// Needs gridDim.x <= TWO_PARTS; n a multiple of 4.
#define TWO_BLOCK 256
#define TWO_PARTS 1024
__device__ double two_f64_part[TWO_PARTS];
__device__ unsigned int two_f64_done;

__device__ __forceinline__ double two_term(int v) {
  const double t = (double)v * 1e-3;
  return lgamma(t + 4.0) + lgamma(t + 2.0) - lgamma(2.0 * t + 6.0);
}

__device__ __forceinline__ double two_input_sum(const int* x, int n) {
  const int4* q = reinterpret_cast<const int4*>(x);
  double acc = 0.0;
  for (size_t i = (size_t)blockIdx.x * TWO_BLOCK + threadIdx.x; i < (size_t)n / 4;
       i += (size_t)gridDim.x * TWO_BLOCK) {
    const int4 v = q[i];
    acc += (two_term(v.x) + two_term(v.y)) + (two_term(v.z) + two_term(v.w));
  }
  return acc;
}

extern "C" __global__ void __launch_bounds__(TWO_BLOCK)
    two_lbeta_f64(const int* a, const int* b, float* out, int n) {
  __shared__ double red[TWO_BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  red[tid] = two_input_sum(a, n) + two_input_sum(b, n);
  __syncthreads();
  for (int s = TWO_BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    two_f64_part[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&two_f64_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double y = 0.0;
  for (unsigned k = 0; k < gridDim.x; ++k) y += ((volatile double*)two_f64_part)[k];
  out[0] = (float)y;
  two_f64_done = 0;
}
