// Reference for corpus_fresh17 pt_cumsum_innermost (written for the corpus): an inclusive prefix
// sum of every row of a rows x cols float matrix (row-major), one row per thread, accumulated in
// double; float64 out.
extern "C" __global__ void cumsum_rows_ref(int rows, int cols, const float* src, double* out) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += blockDim.x * gridDim.x) {
    double acc = 0.0;
    for (int c = 0; c < cols; ++c) {
      acc += (double)src[(long long)r * cols + c];
      out[(long long)r * cols + c] = acc;
    }
  }
}
