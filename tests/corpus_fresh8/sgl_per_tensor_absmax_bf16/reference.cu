// float64 reference for corpus_fresh8 sgl_per_tensor_absmax_bf16 (written for the corpus): s =
// max |x| / 448. Each thread takes the max over a plain strided share, the block's max goes
// through a shared-memory tree, and thread 0 of each block folds it into s with a compare-and-swap
// loop on the float64 bits (s starts at zero, and every candidate is non-negative).
#include <cuda_bf16.h>
extern "C" __global__ void absmax_ref(const __nv_bfloat16* x, double* s, long long n) {
  __shared__ double part[256];
  double m = 0.0;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    m = fmax(m, fabs((double)__bfloat162float(x[i])));
  part[threadIdx.x] = m;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if ((int)threadIdx.x < h) part[threadIdx.x] = fmax(part[threadIdx.x], part[threadIdx.x + h]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    const double v = part[0] / 448.0;
    unsigned long long* bits = (unsigned long long*)s;
    unsigned long long old = *bits;
    while (__longlong_as_double((long long)old) < v) {
      const unsigned long long seen = atomicCAS(bits, old, (unsigned long long)__double_as_longlong(v));
      if (seen == old) break;
      old = seen;
    }
  }
}
