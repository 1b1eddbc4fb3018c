// The seed: a counting sort of keys in [0, B) in four launches.
extern "C" __global__ void clear_hist(int* hist, int B) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < B) hist[v] = 0;
}

extern "C" __global__ void count_keys(const int* data, int* hist, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&hist[data[i]], 1);
}

// Exclusive scan of B counts in one block of 1024: each thread scans B/1024 bins, then the
// block scans the 1024 totals.
extern "C" __global__ void __launch_bounds__(1024) scan_hist(const int* hist, int* start, int B) {
  __shared__ int part[1024];
  const int tid = threadIdx.x, per = (B + 1023) / 1024, lo = tid * per;
  int sum = 0;
  for (int v = lo; v < lo + per && v < B; ++v) sum += hist[v];
  part[tid] = sum;
  __syncthreads();
  for (int o = 1; o < 1024; o <<= 1) {
    const int add = tid >= o ? part[tid - o] : 0;
    __syncthreads();
    part[tid] += add;
    __syncthreads();
  }
  int acc = part[tid] - sum;
  for (int v = lo; v < lo + per && v < B; ++v) {
    start[v] = acc;
    acc += hist[v];
  }
}

extern "C" __global__ void expand_keys(int* data, const int* hist, const int* start, int B) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= B) return;
  const int s = start[v], c = hist[v];
  for (int j = 0; j < c; ++j) data[s + j] = v;
}
