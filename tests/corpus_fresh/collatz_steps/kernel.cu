// corpus_fresh: collatz_steps -- written for the corpus in the common exercise form (Project Euler
// 14, the '3n + 1' stopping time): one starting number per thread, count the steps to reach 1.
extern "C" __global__ void collatz_steps(unsigned int *steps, unsigned long long start, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = start + (unsigned long long)i;
    unsigned int count = 0;
    while (x != 1) {
        if (x & 1)
            x = 3 * x + 1;
        else
            x >>= 1;
        ++count;
    }
    steps[i] = count;
}
