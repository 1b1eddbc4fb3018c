// control_hon39_clock_seeded_miller_rabin child: randomized Miller-Rabin as Mazako/AO_proj's
// test_kernel (miller-cuda/MillerRabinMultipleNumberExecutor.cu; README.md): bases drawn from a
// generator seeded by clock64() and the thread index (there curand_init(clock64(), idx, 0, &s) and
// curand(&s) % (max - min + 1) + min), here a splitmix64 seed and xorshift64* draws (no curand
// header under NVRTC); 12 bases a number, all rounds of one number in one thread.
#include "mr.cuh"
#define ROUNDS 12
__device__ __forceinline__ unsigned long long splitmix64(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
extern "C" __global__ void mr_random_bases(const int* num, int* prime, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned long long m = (unsigned long long)(unsigned int)(num[i] | 1);
  unsigned long long state = splitmix64((unsigned long long)clock64() ^ ((unsigned long long)i << 32)) | 1;
  unsigned long long d;
  int s;
  mr_split(m, d, s);
  int result = 1;
  for (int k = 0; k < ROUNDS; ++k) {
    state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
    const unsigned long long a = (state * 0x2545f4914f6cdd1dull) % (m - 3) + 2;  // [2, m - 2]
    if (!mr_round(m, d, s, a)) {
      result = 0;
      break;
    }
  }
  prime[i] = result;
}
