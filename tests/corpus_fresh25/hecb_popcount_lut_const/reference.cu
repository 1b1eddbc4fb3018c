// Reference for corpus_fresh25 hecb_popcount_lut_const (written for the corpus): the origin's
// own reference count (Kernighan's loop: clear the lowest set bit until none is left) of each
// 64-bit word, read as its two 32-bit halves, low half first.
extern "C" __global__ void popcount_ref(double* r, const unsigned int* words, int length) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= length) return;
  unsigned long long x =
      (unsigned long long)words[2 * i] | ((unsigned long long)words[2 * i + 1] << 32);
  int count = 0;
  for (; x; ++count) x &= x - 1;
  r[i] = (double)count;
}
