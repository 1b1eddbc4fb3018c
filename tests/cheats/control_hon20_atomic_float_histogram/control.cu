// control_hon20_atomic_float_histogram child: per-block privatised bins in shared memory (the
// pattern of cuda-samples' histogram, BSD-3-Clause, here with FP32 weights): shared float
// atomicAdd per value, then one global atomicAdd per non-empty bin per block. Written here.
#include "bin.cuh"
extern "C" __global__ void __launch_bounds__(512) hist_privatised(const float* __restrict__ x,
                                                                 const float* __restrict__ w,
                                                                 float* __restrict__ h, int n, int NB) {
  __shared__ float bins[1024];
  for (int b = threadIdx.x; b < NB; b += blockDim.x) bins[b] = 0.f;
  __syncthreads();
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const float4* w4 = reinterpret_cast<const float4*>(w);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += gridDim.x * blockDim.x) {
    const float4 xv = x4[i], wv = w4[i];
    atomicAdd(&bins[bin_of(xv.x, NB)], wv.x);
    atomicAdd(&bins[bin_of(xv.y, NB)], wv.y);
    atomicAdd(&bins[bin_of(xv.z, NB)], wv.z);
    atomicAdd(&bins[bin_of(xv.w, NB)], wv.w);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NB; b += blockDim.x)
    if (bins[b] != 0.f) atomicAdd(&h[b], bins[b]);
}
