// corpus: prime_trial_division -- from written for the corpus, tests/corpus/prime_trial_division/kernel.cu @ -
// license: same license as this repository
// adapted: none (written here: the is-this-number-prime-by-trial-division exercise common in GPU programming courses, one number per thread)
__device__ bool is_prime_td(unsigned v) {
  if (v < 2) return false;
  if (v % 2 == 0) return v == 2;
  for (unsigned d = 3; d * d <= v; d += 2)
    if (v % d == 0) return false;
  return true;
}
extern "C" __global__ void prime_trial(int* is_prime, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) is_prime[i] = is_prime_td((unsigned)(base + i)) ? 1 : 0;
}
