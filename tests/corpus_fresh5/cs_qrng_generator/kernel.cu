// corpus_fresh5: cs_qrng_generator -- NVIDIA/cuda-samples,
// Samples/5_Domain_Specific/quasirandomGenerator/quasirandomGenerator_kernel.cu
// (quasirandomGeneratorKernel), rewritten for the problem format (see README.md).
// One thread per output position and dimension (threadIdx.y = dimension), a grid-stride loop
// over the positions; each output XORs the direction numbers of the set bits of seed + pos.
#include "qrng_table.h"

__constant__ unsigned int c_Table[QRNG_DIMENSIONS][QRNG_RESOLUTION] = QRNG_TABLE_VALUES;

extern "C" __global__ void quasirandomGeneratorKernel(float* d_Output, unsigned int seed,
                                                      unsigned int N) {
  const unsigned int* dim = &c_Table[threadIdx.y][0];
  unsigned int first = __umul24(blockDim.x, blockIdx.x) + threadIdx.x;
  unsigned int step = __umul24(blockDim.x, gridDim.x);
  for (unsigned int pos = first; pos < N; pos += step) {
    unsigned int acc = 0;
    unsigned int bits = seed + pos;
    for (int b = 0; b < QRNG_RESOLUTION; b++, bits >>= 1)
      if (bits & 1) acc ^= dim[b];
    d_Output[__umul24(threadIdx.y, N) + pos] = (float)(acc + 1) * QRNG_INT_SCALE;
  }
}
