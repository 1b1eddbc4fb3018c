// corpus_fresh10: nvblog_gups_update -- NVIDIA developer blog code samples, posts/gups/gups.cu,
// d_bench<UPDATE>: the HPC Challenge RandomAccess (GUPS) update on a GPU. Each thread jumps its
// 64-bit LFSR to its start in the random stream (d_starts: the HPCC "starts" jump-ahead, 64
// table XORs per bit of the start index) and then applies accesses_per_elem = 8 read-modify-
// write updates t[ran & (ws - 1)] ^= ran with a 64-bit atomicCAS loop on a 2^26-word (512 MB)
// table. 1024-thread blocks, n / 1024 of them. Rewritten for the problem format (README.md).
#define POLY 0x0000000000000007ULL

// c_m2[i] = x^(2i) in the LFSR's field, what the sample's host starts() copies to the symbol
__constant__ unsigned long long c_m2[64] = {
0x0000000000000001ULL, 0x0000000000000004ULL, 0x0000000000000010ULL,
0x0000000000000040ULL, 0x0000000000000100ULL, 0x0000000000000400ULL,
0x0000000000001000ULL, 0x0000000000004000ULL, 0x0000000000010000ULL,
0x0000000000040000ULL, 0x0000000000100000ULL, 0x0000000000400000ULL,
0x0000000001000000ULL, 0x0000000004000000ULL, 0x0000000010000000ULL,
0x0000000040000000ULL, 0x0000000100000000ULL, 0x0000000400000000ULL,
0x0000001000000000ULL, 0x0000004000000000ULL, 0x0000010000000000ULL,
0x0000040000000000ULL, 0x0000100000000000ULL, 0x0000400000000000ULL,
0x0001000000000000ULL, 0x0004000000000000ULL, 0x0010000000000000ULL,
0x0040000000000000ULL, 0x0100000000000000ULL, 0x0400000000000000ULL,
0x1000000000000000ULL, 0x4000000000000000ULL, 0x0000000000000007ULL,
0x000000000000001cULL, 0x0000000000000070ULL, 0x00000000000001c0ULL,
0x0000000000000700ULL, 0x0000000000001c00ULL, 0x0000000000007000ULL,
0x000000000001c000ULL, 0x0000000000070000ULL, 0x00000000001c0000ULL,
0x0000000000700000ULL, 0x0000000001c00000ULL, 0x0000000007000000ULL,
0x000000001c000000ULL, 0x0000000070000000ULL, 0x00000001c0000000ULL,
0x0000000700000000ULL, 0x0000001c00000000ULL, 0x0000007000000000ULL,
0x000001c000000000ULL, 0x0000070000000000ULL, 0x00001c0000000000ULL,
0x0000700000000000ULL, 0x0001c00000000000ULL, 0x0007000000000000ULL,
0x001c000000000000ULL, 0x0070000000000000ULL, 0x01c0000000000000ULL,
0x0700000000000000ULL, 0x1c00000000000000ULL, 0x7000000000000000ULL,
0xc000000000000007ULL
};

__device__ unsigned long long d_starts(unsigned long long n) {
  if (n == 0) return 1;
  int i = 63 - __clzll(n);
  unsigned long long ran = 2;
  while (i > 0) {
    unsigned long long temp = 0;
    for (int j = 0; j < 64; j++) {
      if ((ran >> j) & 1) temp ^= c_m2[j];
    }
    ran = temp;
    i -= 1;
    if ((n >> i) & 1) ran = (ran << 1) ^ ((long long)ran < 0 ? POLY : 0);
  }
  return ran;
}

extern "C" __global__ void gups_update(unsigned long long n, unsigned long long working_set,
                                       unsigned long long* t, int accesses_per_elem) {
  unsigned long long num_threads = gridDim.x * blockDim.x;
  unsigned long long thread_num = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long start = thread_num * accesses_per_elem * n / num_threads;
  unsigned long long end = (thread_num + 1) * accesses_per_elem * n / num_threads;
  unsigned long long ran = d_starts(start);
#pragma unroll
  for (long long i = start; i < (long long)end; ++i) {
    ran = (ran << 1) ^ ((long long)ran < 0 ? POLY : 0);
    unsigned long long *address, old, assumed;
    address = &t[ran & (working_set - 1)];
    old = *address;
    do {
      assumed = old;
      old = atomicCAS(address, assumed, assumed ^ ran);
    } while (assumed != old);
  }
}
