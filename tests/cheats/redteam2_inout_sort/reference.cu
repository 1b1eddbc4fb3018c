// Reference: a counting sort of the reference's float64 copy of data (keys in [0, 65536)), one
// block: count with atomics, thread 0 scans, every thread expands its bins.
#define KEYS 65536
__device__ int g_count[KEYS];
__device__ int g_begin[KEYS];

extern "C" __global__ void __launch_bounds__(1024) sort_ref(double* data, int n) {
  const int tid = threadIdx.x;
  for (int v = tid; v < KEYS; v += 1024) g_count[v] = 0;
  __syncthreads();
  for (int i = tid; i < n; i += 1024) atomicAdd(&g_count[(int)data[i]], 1);
  __syncthreads();
  if (tid == 0) {
    int acc = 0;
    for (int v = 0; v < KEYS; ++v) {
      g_begin[v] = acc;
      acc += g_count[v];
    }
  }
  __syncthreads();
  for (int v = tid; v < KEYS; v += 1024)
    for (int j = 0; j < g_count[v]; ++j) data[g_begin[v] + j] = (double)v;
}
