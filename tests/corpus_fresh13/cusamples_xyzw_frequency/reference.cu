// Reference for corpus_fresh13 cusamples_xyzw_frequency (written for the corpus): the number of
// bytes of the text equal to 'x', 'y', 'z' or 'w', one thread (the count is tiny work).
extern "C" __global__ void xyzw_ref(int n, const unsigned int* text, double* count) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  long long c = 0;
  for (long long i = 0; i < n; ++i) {
    const unsigned int b = (text[i / 4] >> (8 * (i % 4))) & 0xff;
    if (b == 'x' || b == 'y' || b == 'z' || b == 'w') ++c;
  }
  count[0] = (double)c;
}
