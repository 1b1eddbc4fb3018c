// float64 reference for corpus problem rod_kmeans (written for the corpus)
// The same float arithmetic in the same order (ties and rounding decide the argmin), stored as double.
extern "C" __global__ void kmeans_ref(const float* features, int nfeatures, int npoints, int nclusters, double* membership, const float* clusters) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= npoints) return;
  float min_dist = 3.40282347e+38f; int index = -1;
  for (int i = 0; i < nclusters; i++) {
    float ans = 0.0f;
    for (int j = 0; j < nfeatures; j++) { float diff = features[p + j * npoints] - clusters[i * nfeatures + j]; ans += diff * diff; }
    if (ans < min_dist) { min_dist = ans; index = i; }
  }
  membership[p] = index;
}
