// Stale: the first launch computes y and keeps a copy in `cache` (scratch, which the worker
// does not reset between runs); the second launch of the variant's list sets a device-global
// flag, after which every run serves the cached result whatever the input. Right on the
// gate's first input set, stale on the second. (The flag lives in the module, so it is 0
// again whenever the module is loaded afresh.)
__device__ int g_cache_filled;

extern "C" __global__ void faults_stale_cache(const float* x, const double* a, const double* w, const double* b,
                                             float* y, float* cache, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (g_cache_filled) {
    y[i] = cache[i];
  } else {
    const float v = (float)((a[i] * x[i] + w[i]) * x[i] + b[i]);
    cache[i] = v;
    y[i] = v;
  }
}

// Runs after the main kernel (the second launch): from now on the cache counts as filled.
extern "C" __global__ void faults_stale_cache_mark(int n) {
  if (threadIdx.x == 0 && n > 0) g_cache_filled = 1;
}
