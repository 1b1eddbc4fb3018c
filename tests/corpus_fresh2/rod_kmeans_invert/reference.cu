// reference for corpus_fresh2 problem rod_kmeans_invert (written for the corpus)
extern "C" __global__ void invert_ref(const float* in, double* out, int npoints, int nfeatures) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= npoints) return;
  for (int i = 0; i < nfeatures; ++i) out[(long)i * npoints + p] = (double)in[(long)p * nfeatures + i];
}
