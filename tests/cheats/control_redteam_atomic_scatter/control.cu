// Honest control: the bins privatised in shared memory (FP32 shared atomics, grid-stride over
// the elements), then one global atomicAdd per bin per block. The order of the additions, and
// so the last bits of every bin, change from run to run; every bin is a sum of exactly its
// elements. An audit or check that wanted bit-identical runs would refuse it wrongly.
#define MAXBINS 4096
extern "C" __global__ void __launch_bounds__(1024)
    scatter_shared(const int* __restrict__ idx, const float* __restrict__ w, float* out, int n,
                   int bins) {
  __shared__ float local[MAXBINS];
  for (int b = threadIdx.x; b < MAXBINS; b += blockDim.x) local[b] = 0.0f;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const int b = idx[i];
    if (b >= 0 && b < bins && b < MAXBINS) atomicAdd(&local[b], w[i]);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < bins && b < MAXBINS; b += blockDim.x)
    if (local[b] != 0.0f) atomicAdd(out + b, local[b]);
}
