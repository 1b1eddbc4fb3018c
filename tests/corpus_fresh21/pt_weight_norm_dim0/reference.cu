// Reference for corpus_fresh21 pt_weight_norm_dim0 (written for the corpus): one block per row,
// each thread a strided float64 sum of squares, a float64 tree in shared memory; the norm and
// w = g * v / norm in float64 out. Launched with 256 threads and 256 doubles of shared memory.
extern "C" __global__ void weight_norm_ref(const float* v, const float* g, double* w,
                                           double* norms, int rows, int row_size) {
  __shared__ double part[256];
  const int r = blockIdx.x;
  if (r >= rows) return;
  const long long o = (long long)r * row_size;
  double acc = 0.0;
  for (int i = threadIdx.x; i < row_size; i += 256) {
    const double x = (double)v[o + i];
    acc += x * x;
  }
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int half = 128; half > 0; half >>= 1) {
    if ((int)threadIdx.x < half) part[threadIdx.x] += part[threadIdx.x + half];
    __syncthreads();
  }
  const double norm = sqrt(part[0]);
  if (threadIdx.x == 0) norms[r] = norm;
  const double scale = (double)g[r] / norm;
  for (int i = threadIdx.x; i < row_size; i += 256) w[o + i] = scale * (double)v[o + i];
}
