// reference for corpus_fresh8 cs_histogram64 (written for the corpus): partial histogram b counts
// the upper six bits of the bytes of the uint4 at positions p (words 4p..4p+3) with
// (p mod (blocks * 64)) / 64 == b, the grid-stride share of block b. One thread per 32-bit word
// adds its four bytes to the (zeroed) float64 rows; counts stay exact far below 2^53.
extern "C" __global__ void histogram64_ref(double* partial, const unsigned int* data, long long n,
                                           int blocks) {
  const long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= n) return;
  const long long p = w / 4;
  const long long b = (p % ((long long)blocks * 64)) / 64;
  const unsigned int v = data[w];
  for (int k = 0; k < 4; ++k) atomicAdd(&partial[b * 64 + ((v >> (8 * k + 2)) & 0x3Fu)], 1.0);
}
