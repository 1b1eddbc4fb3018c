// reference for corpus_fresh2 problem seqcst_histogram (written for the corpus); the reference
// buffer is zeroed before the run (zero_before_run)
extern "C" __global__ void seqcst_hist_ref(const int* keys, double* bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[keys[i]], 1.0);
}
