// corpus_fresh2: cs_reduce6 -- from NVIDIA/cuda-samples, Samples/2_Concepts_and_Techniques/reduction
// (reduction_kernel.cu, reduce6<T, blockSize, nIsPow2>; reduction.cpp's default launch:
// maxThreads 256, maxBlocks 64, so kernel 6 runs min(64, n/512) blocks whatever the GPU)
// license: BSD-3-Clause (NVIDIA); written here in the sample's form
// adapted: extern "C", T = float, blockSize = 256 and nIsPow2 = true fixed; a static shared
// array for SharedMemory<T>; __shfl_down_sync warp sums as the sample's warpReduceSum
#define BLOCK 256
__device__ __forceinline__ float warpReduceSum(unsigned int mask, float v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(mask, v, offset);
    return v;
}
extern "C" __global__ void reduce6(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[BLOCK / 32];
    unsigned int tid = threadIdx.x;
    unsigned int gridSize = BLOCK * 2 * gridDim.x;
    const unsigned int mask = 0xffffffffu;
    float mySum = 0;
    unsigned int i = blockIdx.x * BLOCK * 2 + threadIdx.x;
    while (i < n) {
        mySum += g_idata[i];
        if (i + BLOCK < n) mySum += g_idata[i + BLOCK];
        i += gridSize;
    }
    mySum = warpReduceSum(mask, mySum);
    if ((tid % warpSize) == 0) sdata[tid / warpSize] = mySum;
    __syncthreads();
    const unsigned int shmem_extent = BLOCK / 32;
    const unsigned int ballot_result = __ballot_sync(mask, tid < shmem_extent);
    if (tid < shmem_extent) {
        mySum = sdata[tid];
        mySum = warpReduceSum(ballot_result, mySum);
    }
    if (tid == 0) g_odata[blockIdx.x] = mySum;
}
