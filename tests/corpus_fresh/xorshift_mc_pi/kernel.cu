// corpus_fresh: xorshift_mc_pi -- written for the corpus: the common Monte Carlo estimate of pi with
// one xorshift32 generator per thread (Marsaglia, 'Xorshift RNGs', J. Stat. Softw. 8(14), 2003:
// the 13/17/5 triple), each draw split into two 16-bit coordinates and tested against the
// quarter circle in integer arithmetic; one hit count per thread.
extern "C" __global__ void mc_pi_xorshift(const unsigned int *seeds, unsigned int *hits, int n, int draws)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int s = seeds[i] | 1u;
    unsigned int count = 0;
    for (int k = 0; k < draws; ++k) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        unsigned int x = s >> 16, y = s & 0xFFFFu;
        count += (x * x + y * y) < 0xFFFE0001u ? 1u : 0u;
    }
    hits[i] = count;
}
