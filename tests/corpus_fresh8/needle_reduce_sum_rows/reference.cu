// float64 reference for corpus_fresh8 needle_reduce_sum_rows (written for the corpus): one warp
// per row sums its reduce_size values (strided lanes, then a shuffle tree), in double.
extern "C" __global__ void reduce_rows_ref(const float* a, double* out, long long rows, int cols) {
  const long long row = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  double s = 0.0;
  for (int j = lane; j < cols; j += 32) s += (double)a[row * cols + j];
  for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffffu, s, o);
  if (lane == 0) out[row] = s;
}
