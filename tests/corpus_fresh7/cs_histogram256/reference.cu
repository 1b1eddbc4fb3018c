// reference for corpus_fresh7 cs_histogram256 (written for the corpus): partial histogram b
// counts the bytes of the words at positions p with (p mod (blocks * threads)) / threads == b
// (the grid-stride share of block b). One thread per word adds its four bytes to the (zeroed)
// float64 rows; counts stay exact far below 2^53.
extern "C" __global__ void histogram256_ref(double* partial, const unsigned int* data, long long n,
                                            int blocks, int threads) {
  const long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const long long b = (p % ((long long)blocks * threads)) / threads;
  const unsigned int w = data[p];
  for (int k = 0; k < 4; ++k) atomicAdd(&partial[b * 256 + ((w >> (8 * k)) & 0xFFu)], 1.0);
}
