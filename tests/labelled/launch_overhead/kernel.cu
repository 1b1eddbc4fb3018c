// One smoothing step over 32768 values: 128 blocks of 256 threads, three loads, two FMAs and
// a store per thread. The kernel itself is over in ~2 us, about what it costs to launch it, so
// with a launch per step the GPU spends much of the run between kernels. The dependency
// between steps is real (each needs the whole previous step), which is why a naive port
// launches per step; one persistent kernel with a grid-wide barrier, or a CUDA graph of the
// 128 launches, is the fix.
extern "C" __global__ void __launch_bounds__(256)
    smooth_step(const float* __restrict__ src, float* __restrict__ dst, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int l = i > 0 ? i - 1 : 0, r = i < n - 1 ? i + 1 : n - 1;
  dst[i] = fmaf(0.25f, src[l] + src[r], 0.5f * src[i]);
}
