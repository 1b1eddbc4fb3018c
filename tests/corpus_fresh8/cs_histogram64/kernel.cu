// corpus_fresh8: cs_histogram64 -- NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/histogram/histogram64.cu: histogram64Kernel with the
// sample's launch (HISTOGRAM64_THREADBLOCK_SIZE = 4 * SHARED_MEMORY_BANKS = 64 threads,
// iDivUp(byteCount, 64 * 240) blocks). Rewritten for the problem format (see README.md): each
// thread owns one byte-wide counter per bin in a 64 x 64 shared byte array, its column chosen by
// a bit permutation of threadIdx.x meant to keep 16 consecutive threads on 16 consecutive banks;
// after the grid-stride loop the first 64 threads sum one bin's 64 counters each.
#define HISTOGRAM64_BIN_COUNT 64
#define SHARED_MEMORY_BANKS 16
#define HISTOGRAM64_THREADBLOCK_SIZE (4 * SHARED_MEMORY_BANKS)
#define UMUL(a, b) ((a) * (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))

typedef unsigned int uint;
typedef unsigned char uchar;

__device__ __forceinline__ void addByte(uchar* s_ThreadBase, uint data) {
  s_ThreadBase[UMUL(data, HISTOGRAM64_THREADBLOCK_SIZE)]++;
}

// Only the upper six bits of each byte select a bin.
__device__ __forceinline__ void addWord(uchar* s_ThreadBase, uint data) {
  addByte(s_ThreadBase, (data >> 2) & 0x3FU);
  addByte(s_ThreadBase, (data >> 10) & 0x3FU);
  addByte(s_ThreadBase, (data >> 18) & 0x3FU);
  addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

extern "C" __global__ void histogram64Kernel(uint* d_PartialHistograms, const uint4* d_Data,
                                             uint dataCount) {
  const uint threadPos = ((threadIdx.x & ~(SHARED_MEMORY_BANKS * 4 - 1)) << 0) |
                         ((threadIdx.x & (SHARED_MEMORY_BANKS - 1)) << 2) |
                         ((threadIdx.x & (SHARED_MEMORY_BANKS * 3)) >> 4);
  __shared__ uchar s_Hist[HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT];
  uchar* s_ThreadBase = s_Hist + threadPos;
#pragma unroll
  for (uint i = 0; i < (HISTOGRAM64_BIN_COUNT / 4); i++)
    ((uint*)s_Hist)[threadIdx.x + i * HISTOGRAM64_THREADBLOCK_SIZE] = 0;
  __syncthreads();
  // At most 255 bytes per thread, so the byte counters cannot overflow.
  for (uint pos = UMAD(blockIdx.x, blockDim.x, threadIdx.x); pos < dataCount;
       pos += UMUL(blockDim.x, gridDim.x)) {
    uint4 data = d_Data[pos];
    addWord(s_ThreadBase, data.x);
    addWord(s_ThreadBase, data.y);
    addWord(s_ThreadBase, data.z);
    addWord(s_ThreadBase, data.w);
  }
  __syncthreads();
  if (threadIdx.x < HISTOGRAM64_BIN_COUNT) {
    uchar* s_HistBase = s_Hist + UMUL(threadIdx.x, HISTOGRAM64_THREADBLOCK_SIZE);
    uint sum = 0;
    uint pos = 4 * (threadIdx.x & (SHARED_MEMORY_BANKS - 1));
#pragma unroll
    for (uint i = 0; i < (HISTOGRAM64_THREADBLOCK_SIZE / 4); i++) {
      sum += s_HistBase[pos + 0] + s_HistBase[pos + 1] + s_HistBase[pos + 2] +
             s_HistBase[pos + 3];
      pos = (pos + 4) & (HISTOGRAM64_THREADBLOCK_SIZE - 1);
    }
    d_PartialHistograms[blockIdx.x * HISTOGRAM64_BIN_COUNT + threadIdx.x] = sum;
  }
}
