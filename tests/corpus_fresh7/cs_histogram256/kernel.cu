// corpus_fresh7: cs_histogram256 -- NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/histogram/histogram256.cu: histogram256Kernel with the
// sample's launch (PARTIAL_HISTOGRAM256_COUNT = 240 blocks of HISTOGRAM256_THREADBLOCK_SIZE =
// 6 warps). Rewritten for the problem format (see README.md): each warp counts the bytes of its
// grid-stride share of 32-bit words into its own 256-bin shared sub-histogram with shared
// atomics; the block then sums its six sub-histograms into its row of partial histograms.
#define LOG2_WARP_SIZE 5U
#define WARP_COUNT 6
#define HISTOGRAM256_BIN_COUNT 256
#define HISTOGRAM256_THREADBLOCK_SIZE (WARP_COUNT << LOG2_WARP_SIZE)
#define HISTOGRAM256_THREADBLOCK_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define UMUL(a, b) __umul24((a), (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))
#define TAG_MASK 0xFFFFFFFFU

__device__ __forceinline__ void addByte(unsigned int* s_WarpHist, unsigned int data) {
  atomicAdd(s_WarpHist + data, 1);
}

__device__ __forceinline__ void addWord(unsigned int* s_WarpHist, unsigned int data) {
  addByte(s_WarpHist, (data >> 0) & 0xFFU);
  addByte(s_WarpHist, (data >> 8) & 0xFFU);
  addByte(s_WarpHist, (data >> 16) & 0xFFU);
  addByte(s_WarpHist, (data >> 24) & 0xFFU);
}

extern "C" __global__ void histogram256Kernel(unsigned int* d_PartialHistograms,
                                              const unsigned int* d_Data, unsigned int dataCount) {
  __shared__ unsigned int s_Hist[HISTOGRAM256_THREADBLOCK_MEMORY];
  unsigned int* s_WarpHist = s_Hist + (threadIdx.x >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;
#pragma unroll
  for (unsigned int i = 0; i < (HISTOGRAM256_THREADBLOCK_MEMORY / HISTOGRAM256_THREADBLOCK_SIZE);
       i++)
    s_Hist[threadIdx.x + i * HISTOGRAM256_THREADBLOCK_SIZE] = 0;
  __syncthreads();
  for (unsigned int pos = UMAD(blockIdx.x, blockDim.x, threadIdx.x); pos < dataCount;
       pos += UMUL(blockDim.x, gridDim.x)) {
    unsigned int data = d_Data[pos];
    addWord(s_WarpHist, data);
  }
  __syncthreads();
  for (unsigned int bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT;
       bin += HISTOGRAM256_THREADBLOCK_SIZE) {
    unsigned int sum = 0;
    for (unsigned int i = 0; i < WARP_COUNT; i++)
      sum += s_Hist[bin + i * HISTOGRAM256_BIN_COUNT] & TAG_MASK;
    d_PartialHistograms[blockIdx.x * HISTOGRAM256_BIN_COUNT + bin] = sum;
  }
}
