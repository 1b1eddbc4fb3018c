// float64 reference for corpus_fresh problem cs_scalarprod (written for the corpus)
extern "C" __global__ void scalarprod_ref(double* C, const float* A, const float* B, int vectorN,
                                          int elementN) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= vectorN) return;
  double s = 0;
  for (int k = 0; k < elementN; ++k) {
    size_t p = (size_t)v * elementN + k;
    s += (double)A[p] * (double)B[p];
  }
  C[v] = s;
}
