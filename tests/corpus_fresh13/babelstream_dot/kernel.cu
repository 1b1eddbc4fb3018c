// corpus_fresh13: babelstream_dot -- BabelStream (University of Bristol HPC), CUDAStream<double>::
// dot: dot_kernel, the stream benchmark's reduction: a grid-stride sum of a[i] * b[i] per
// thread, a shared-memory tree per block, one partial sum per block (summed on the host).
// Rewritten for the problem format (see README.md).

#define TBSIZE 1024

extern "C" __global__ void dot_kernel(const double* a, const double* b, double* sums,
                                      int array_size) {
  __shared__ double smem[TBSIZE];
  double tmp = 0.0;
  const size_t tidx = threadIdx.x;
  for (int i = tidx + (size_t)blockDim.x * blockIdx.x; i < array_size;
       i += gridDim.x * blockDim.x) {
    tmp += a[i] * b[i];
  }
  smem[tidx] = tmp;

  for (int offset = blockDim.x / 2; offset > 0; offset /= 2) {
    __syncthreads();
    if (tidx < offset) smem[tidx] += smem[tidx + offset];
  }

  if (tidx == 0) sums[blockIdx.x] = smem[tidx];
}
