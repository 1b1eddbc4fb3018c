// reference for corpus_fresh7 gems3_taus_walk (written for the corpus): the same combined
// generator written out on 64-bit words masked to 32 bits (the recurrences of L'Ecuyer's
// Tausworthe generators with Howes & Thomas's parameters, and Numerical Recipes' LCG); a step
// goes up when the scaled value, rounded to float, is below one half.
#define MASK32 0xFFFFFFFFull
__device__ unsigned long long taus(unsigned long long z, int s1, int s2, int s3,
                                   unsigned long long m) {
  const unsigned long long b = ((((z << s1) & MASK32) ^ z) >> s2);
  return (((z & m) << s3) & MASK32) ^ b;
}

extern "C" __global__ void taus_walk_ref(const unsigned* seeds, double* ups, int n, int steps) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long a = seeds[4 * i], b = seeds[4 * i + 1], c = seeds[4 * i + 2],
                     d = seeds[4 * i + 3];
  long long up = 0;
  for (int s = 0; s < steps; ++s) {
    a = taus(a, 13, 19, 12, 0xFFFFFFFEull);
    b = taus(b, 2, 25, 4, 0xFFFFFFF8ull);
    c = taus(c, 3, 11, 17, 0xFFFFFFF0ull);
    d = (1664525ull * d + 1013904223ull) & MASK32;
    const double x = (double)(a ^ b ^ c ^ d);
    if ((float)(2.3283064365387e-10 * x) < 0.5f) ++up;
  }
  ups[i] = (double)up;
}
