// corpus_fresh7: babel_triad_f64 -- UoB-HPC/BabelStream, src/cuda/CUDAStream.cu:
// triad_kernel<double> (a = b + scalar * c, the STREAM triad), launched by
// CUDAStream<double>::triad() with TBSIZE = 1024 threads and ceil(array_size / TBSIZE) blocks.
// Rewritten for the problem format (see README.md).
#define startScalar 0.4

extern "C" __global__ void triad_kernel(double* a, const double* b, const double* c,
                                        int array_size) {
  const double scalar = startScalar;
  for (int i = threadIdx.x + blockDim.x * blockIdx.x; i < array_size; i += gridDim.x * blockDim.x) {
    a[i] = b[i] + scalar * c[i];
  }
}
