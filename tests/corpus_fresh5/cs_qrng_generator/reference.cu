// reference for corpus_fresh5 cs_qrng_generator: the same table walk per (dimension, position),
// written as a plain loop over the bits; the float conversion and scale as the kernel has them.
#include "qrng_table.h"

__constant__ unsigned int ref_Table[QRNG_DIMENSIONS][QRNG_RESOLUTION] = QRNG_TABLE_VALUES;

extern "C" __global__ void qrng_ref(double* out, unsigned int seed, unsigned int N) {
  unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int d = blockIdx.y;
  if (pos >= N) return;
  unsigned int x = seed + pos, acc = 0;
  for (int b = 0; b < QRNG_RESOLUTION; ++b)
    if ((x >> b) & 1u) acc ^= ref_Table[d][b];
  out[(size_t)d * N + pos] = (double)((float)(acc + 1) * QRNG_INT_SCALE);
}
