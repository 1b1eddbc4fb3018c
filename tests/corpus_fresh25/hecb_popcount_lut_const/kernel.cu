// corpus_fresh25: hecb_popcount_lut_const -- HeCBench (zjin-lcf/HeCBench), src/popcount-cuda: the
// table-lookup population count `pc5` of Jin and Finkel's "Population Count on Intel CPU, GPU and
// FPGA" (IPDPSW 2020): each thread counts the set bits of one 64-bit word as eight lookups of a
// 256-entry byte table in __constant__ memory, one per byte of the word. The table index is the
// data, so the 32 lanes of a warp read up to 32 different table addresses in each lookup.
// Rewritten for the problem format (see README.md): extern "C", the table as an initialised
// __constant__ array (the origin copies the same 256 bytes in with cudaMemcpyToSymbol before
// each launch), `unsigned long` as `unsigned long long` (the same 64 bits on the origin's Linux);
// the eight lookups, the sum and the launch (256-thread blocks, a word a thread) as the origin's.

__constant__ unsigned char lut[256] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
};

extern "C" __global__ void pc5(const unsigned long long* __restrict__ data, int* __restrict__ r,
                               const int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= length) return;
  unsigned long long x = data[i];
  unsigned char i1 = lut[(x & 0xFF)];
  unsigned char i2 = lut[(x >> 8) & 0xFF];
  unsigned char i3 = lut[(x >> 16) & 0xFF];
  unsigned char i4 = lut[(x >> 24) & 0xFF];
  unsigned char i5 = lut[(x >> 32) & 0xFF];
  unsigned char i6 = lut[(x >> 40) & 0xFF];
  unsigned char i7 = lut[(x >> 48) & 0xFF];
  unsigned char i8 = lut[(x >> 56) & 0xFF];
  r[i] = (i1 + i2) + (i3 + i4) + (i5 + i6) + (i7 + i8);
}
