// Stages x and y through shared memory with cp.async (sm_80+), to exercise <cuda_pipeline.h>
// and the -I of the toolkit's headers. Writes one partial sum per tile into `partial`.
#include <cuda_pipeline.h>

extern "C" __global__ void axpy_staged(const float* x, const float* y, float* out,
                                       float* partial, float alpha, int n) {
  extern __shared__ float smem[];
  float* xs = smem;
  float* ys = smem + TILE;
  int base = blockIdx.x * TILE;
  for (int t = threadIdx.x; t < TILE; t += blockDim.x) {
    if (base + t < n) {
      __pipeline_memcpy_async(&xs[t], &x[base + t], sizeof(float));
      __pipeline_memcpy_async(&ys[t], &y[base + t], sizeof(float));
    }
  }
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  for (int t = threadIdx.x; t < TILE; t += blockDim.x)
    if (base + t < n) out[base + t] = alpha * xs[t] + ys[t];
  if (threadIdx.x == 0) partial[blockIdx.x] = xs[0];
}
