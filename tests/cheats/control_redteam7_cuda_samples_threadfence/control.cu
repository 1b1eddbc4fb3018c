// control_redteam7_cuda_samples_threadfence child: reduceSinglePass of NVIDIA's CUDA samples
// (Samples/2_Concepts_and_Techniques/threadFenceReduction/threadFenceReduction_kernel.cuh;
// Copyright NVIDIA Corporation, BSD-3-Clause). Adapted: float only, blockSize 256 and nIsPow2
// fixed (n = 2^26), static instead of dynamic shared memory, a plain shared-memory tree with
// warp-synchronous shuffles in place of the sample's cooperative-groups reduceBlock, and the
// final sum stored to out[0] instead of g_odata[0] (the partials live in a scratch buffer).
#define BLOCK_SIZE 256

// Global variable used by reduceSinglePass to count how many blocks have finished
__device__ unsigned int retirementCount = 0;

__device__ __forceinline__ void reduce_block(float* sdata, float mySum, unsigned int tid) {
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = BLOCK_SIZE / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    mySum += sdata[tid + 32];
    for (int offset = 16; offset > 0; offset >>= 1)
      mySum += __shfl_down_sync(0xffffffffu, mySum, offset);
    if (tid == 0) sdata[0] = mySum;
  }
  __syncthreads();
}

// This reduction kernel reduces an arbitrary size array in a single kernel invocation.
// It does so by keeping track of how many blocks have finished. After each thread block
// completes the reduction of its own block of data, it "takes a ticket" by atomically
// incrementing a global counter. If the ticket value is equal to the number of thread blocks,
// then the block holding the ticket knows that it is the last block to finish. This last block
// is responsible for summing the results of all the other blocks.
extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
    reduce_single_pass(const float* g_idata, float* g_odata, float* out, unsigned int n) {
  __shared__ float sdata[BLOCK_SIZE];
  __shared__ bool amLast;
  const unsigned int tid = threadIdx.x;
  // PHASE 1: each block reduces a grid-stride share of the input (two loads per step).
  unsigned int i = blockIdx.x * (BLOCK_SIZE * 2) + tid;
  const unsigned int gridSize = BLOCK_SIZE * 2 * gridDim.x;
  float mySum = 0.0f;
  while (i < n) {
    mySum += g_idata[i];
    if (i + BLOCK_SIZE < n) mySum += g_idata[i + BLOCK_SIZE];
    i += gridSize;
  }
  reduce_block(sdata, mySum, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];

  // PHASE 2: the last block to finish sums the partial sums.
  // Wait until all outstanding memory instructions in this thread are finished.
  __threadfence();
  // Thread 0 takes a ticket
  if (tid == 0) {
    const unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
    // If the ticket ID is equal to the number of blocks, we are the last block!
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  // The last block sums the results of all other blocks
  if (amLast) {
    float lastSum = 0.0f;
    for (unsigned int j = tid; j < gridDim.x; j += BLOCK_SIZE) lastSum += g_odata[j];
    reduce_block(sdata, lastSum, tid);
    if (tid == 0) {
      out[0] = sdata[0];
      // reset retirement count so that next run succeeds
      retirementCount = 0;
    }
  }
}
