// control_hon39_clock_seeded_miller_rabin seed: a thread per number, bases 2, 3, 5, 7.
#include "mr.cuh"
extern "C" __global__ void mr_fixed_bases(const int* num, int* prime, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) prime[i] = mr_fixed((unsigned long long)(unsigned int)(num[i] | 1));
}
