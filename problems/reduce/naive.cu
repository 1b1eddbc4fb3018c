// Seed: one element per thread into shared memory, then an interleaved-addressing tree where
// the active threads are those with tid % (2*s) == 0: the active lanes are scattered across all
// warps (divergent branches, warps kept busy for one useful lane), and `%` is slow. One
// atomicAdd per block of 256 elements adds the block's partial sum into out[0].
#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK) reduce_naive(const float* x, float* out, int n) {
  __shared__ float sdata[BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;
  sdata[tid] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int s = 1; s < BLOCK; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, sdata[0]);
}
