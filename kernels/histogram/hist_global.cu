// The seed: a 65,536-bin histogram of 16M int32 keys, one global atomicAdd per key (the
// textbook kernel; the bins, 256 KiB, do not fit one block's shared memory).
extern "C" __global__ void hist_global(const int* keys, int* hist, int n, int bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int k = keys[i];
  if (k >= 0 && k < bins) atomicAdd(hist + k, 1);
}
