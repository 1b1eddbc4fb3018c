// corpus_fresh8: needle_reduce_sum_rows -- CMU 10-714 (Deep Learning Systems) homework 3, the
// needle CUDA backend's summation over the last axis as a student writes it (Chen-Dixi/dlsys-hw3,
// src/ndarray_backend_cuda.cu: ReduceSumKernel, launched by VanillaReduceSum with DIM_INIT =
// CudaOneDim(out->size), 256-thread blocks): one thread per output, each walking its own
// contiguous run of reduce_size floats. Rewritten for the problem format (see README.md).
extern "C" __global__ void ReduceSumKernel(const float* a, float* out, unsigned long long reduce_size,
                                           unsigned long long out_len) {
  size_t gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= out_len) return;
  float total = a[gid * reduce_size];
  for (size_t i = gid * reduce_size + 1; i < (gid + 1) * reduce_size; i++) {
    total += a[i];
  }
  out[gid] = total;
}
