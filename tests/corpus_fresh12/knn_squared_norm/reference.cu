// Reference for corpus_fresh12 knn_squared_norm (written for the corpus): the squared norm of
// each column of a [dim, n] array, in float64.
extern "C" __global__ void knn_sqnorm_ref(int width, int height, const float* array, double* norm) {
  for (long long x = (long long)blockIdx.x * blockDim.x + threadIdx.x; x < width;
       x += (long long)blockDim.x * gridDim.x) {
    double s = 0;
    for (int i = 0; i < height; ++i) {
      const double v = array[(long long)i * width + x];
      s += v * v;
    }
    norm[x] = s;
  }
}
