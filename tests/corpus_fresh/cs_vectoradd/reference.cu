// float64 reference for corpus_fresh problem cs_vectoradd (written for the corpus)
extern "C" __global__ void vectoradd_ref(const float* A, const float* B, double* C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i] = (double)A[i] + (double)B[i];
}
