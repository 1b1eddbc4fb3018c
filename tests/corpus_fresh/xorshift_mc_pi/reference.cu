// reference for corpus_fresh problem xorshift_mc_pi (written for the corpus): the same generator
// and test (unsigned 32-bit arithmetic, wrapping as in the kernel), counts stored as doubles.
extern "C" __global__ void mc_pi_ref(const unsigned int* seeds, double* hits, int n, int draws) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int s = seeds[i] | 1u, c = 0;
  for (int k = 0; k < draws; ++k) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    unsigned long long x = s >> 16, y = s & 0xFFFFu;
    unsigned int q = (unsigned int)(x * x + y * y);  // the kernel's wrap-around, in 32 bits
    c += q < 0xFFFE0001u ? 1u : 0u;
  }
  hits[i] = (double)c;
}
