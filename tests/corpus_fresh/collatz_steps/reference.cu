// reference for corpus_fresh problem collatz_steps (written for the corpus): the same loop,
// counts stored as doubles.
extern "C" __global__ void collatz_ref(double* steps, unsigned long long start, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = start + (unsigned long long)i;
  unsigned int c = 0;
  while (x != 1) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    ++c;
  }
  steps[i] = (double)c;
}
