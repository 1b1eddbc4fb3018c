// Reference (hon39): deterministic Miller-Rabin, bases 2, 3, 5, 7 (exact below 3,215,031,751).
#include "mr.cuh"
extern "C" __global__ void mr_ref(const int* num, double* prime, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) prime[i] = mr_fixed((unsigned long long)(unsigned int)(num[i] | 1));
}
