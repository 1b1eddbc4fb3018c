// Red team 27's double-accumulated one-output sum as a whole kernel (issue 33: the seed
// sum_f64.cu and tests/cheats/control_redteam27_law_poly_lbeta's child carried the same kernel):
// the terms of every element summed in double, a shared-memory tree a block, one partial a block
// in module memory, the last block to finish adds them in block order and stores the float total.
// Needs gridDim.x <= PARTS; n a multiple of 4. The includer defines before it includes:
//   F64SUM_ENTRY               the entry's name
//   F64SUM_TERM4(v)            the double sum of the terms of a float4 v of x, in its own order
//   F64SUM_PART, F64SUM_DONE   the module's partials (double[PARTS]) and finished-block count
#pragma once
#define BLOCK 256
#define PARTS 1024
__device__ double F64SUM_PART[PARTS];
__device__ unsigned int F64SUM_DONE;
extern "C" __global__ void __launch_bounds__(BLOCK)
    F64SUM_ENTRY(const float* x, float* out, int n) {
  __shared__ double red[BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* q = reinterpret_cast<const float4*>(x);
  double acc = 0.0;
  for (size_t i = (size_t)blockIdx.x * BLOCK + tid; i < (size_t)n / 4;
       i += (size_t)gridDim.x * BLOCK) {
    const float4 v = q[i];
    acc += F64SUM_TERM4(v);
  }
  red[tid] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    F64SUM_PART[blockIdx.x] = red[0];
    __threadfence();
    last = atomicAdd(&F64SUM_DONE, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double y = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) y += ((volatile double*)F64SUM_PART)[b];
  out[0] = (float)y;
  F64SUM_DONE = 0;  // the next launch starts from 0 whether or not the module is reloaded
}
