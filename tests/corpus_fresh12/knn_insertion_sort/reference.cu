// Reference for corpus_fresh12 knn_insertion_sort (written for the corpus): the same bounded
// insertion sort per column (the order of ties is the algorithm's: strict '>' shifts, '>='
// skips), on the float values held in float64 (comparisons exact), the rows below k copied
// unchanged; indices written as float64.
extern "C" __global__ void knn_sort_ref(int width, int height, int k, double* dist, double* index) {
  for (long long x = (long long)blockIdx.x * blockDim.x + threadIdx.x; x < width;
       x += (long long)blockDim.x * gridDim.x) {
    double* pd = dist + x;
    double* pi = index + x;
    pi[0] = 0;
    for (int i = 1; i < height; ++i) {
      const double cd = pd[(long long)i * width];
      if (i >= k && cd >= pd[(long long)(k - 1) * width]) continue;
      int j = i < k - 1 ? i : k - 1;
      while (j > 0 && pd[(long long)(j - 1) * width] > cd) {
        pd[(long long)j * width] = pd[(long long)(j - 1) * width];
        pi[(long long)j * width] = pi[(long long)(j - 1) * width];
        --j;
      }
      pd[(long long)j * width] = cd;
      pi[(long long)j * width] = i;
    }
  }
}
