// Each thread first adds two elements a block apart (two independent loads in flight, half the
// blocks and half the atomics), then a sequential-addressing tree: the active threads are
// tid < s, packed into the lowest warps, so whole warps retire instead of diverging.
#define BLOCK 256

extern "C" __global__ void __launch_bounds__(BLOCK)
    reduce_sequential(const float* x, float* out, int n) {
  __shared__ float sdata[BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * (2 * BLOCK) + tid;
  const float a = i < n ? x[i] : 0.0f;
  const float b = i + BLOCK < n ? x[i + BLOCK] : 0.0f;
  sdata[tid] = a + b;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, sdata[0]);
}
