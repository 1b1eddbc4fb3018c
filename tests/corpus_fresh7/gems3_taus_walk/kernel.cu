// corpus_fresh7: gems3_taus_walk -- GPU Gems 3, ch. 37 "Efficient Random Number Generation and
// Application Using CUDA" (Howes & Thomas), Listings 37-4 and 37-5: the combined ("hybrid")
// Tausworthe generator, three Tausworthe steps and one LCG step XORed and scaled to [0, 1).
// Rewritten for the problem format (see README.md): each thread owns one generator state (four
// 32-bit words) and drives a one-dimensional random walk with it, counting its up-steps.
__device__ __forceinline__ unsigned TausStep(unsigned& z, int S1, int S2, int S3, unsigned M) {
  unsigned b = (((z << S1) ^ z) >> S2);
  return z = (((z & M) << S3) ^ b);
}

__device__ __forceinline__ unsigned LCGStep(unsigned& z, unsigned A, unsigned C) {
  return z = (A * z + C);
}

// The book's HybridTaus: the constant is a double, so the scaling is a double multiply,
// rounded to float on return.
__device__ __forceinline__ float HybridTaus(unsigned& z1, unsigned& z2, unsigned& z3,
                                            unsigned& z4) {
  return 2.3283064365387e-10 *
         (TausStep(z1, 13, 19, 12, 4294967294UL) ^ TausStep(z2, 2, 25, 4, 4294967288UL) ^
          TausStep(z3, 3, 11, 17, 4294967280UL) ^ LCGStep(z4, 1664525, 1013904223UL));
}

extern "C" __global__ void taus_random_walk(const unsigned* __restrict__ seeds,
                                            int* __restrict__ ups, int n, int steps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // per-thread state, seeded from the host (the Tausworthe words must exceed 128)
  unsigned z1 = seeds[4 * i + 0], z2 = seeds[4 * i + 1];
  unsigned z3 = seeds[4 * i + 2], z4 = seeds[4 * i + 3];
  int up = 0;
  for (int s = 0; s < steps; ++s) {
    const float u = HybridTaus(z1, z2, z3, z4);
    if (u < 0.5f) ++up;
  }
  ups[i] = up;
}
