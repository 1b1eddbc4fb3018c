// Reference for corpus_fresh12 knn_add_norms (written for the corpus): array[r][q] +=
// norm[r] for every reference row r, in float64 on the float inputs.
extern "C" __global__ void knn_add_norm_ref(int width, int height, const float* norm,
                                            double* array) {
  const long long n = (long long)width * height;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < n;
       e += (long long)blockDim.x * gridDim.x)
    array[e] = array[e] + (double)norm[e / width];
}
