// corpus_fresh2: cs_bitonic_shared -- from NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/sortingNetworks/bitonicSort.cu (bitonicSortShared: each
// block sorts SHARED_SIZE_LIMIT = 1024 key-value pairs in shared memory, 512 threads, one
// compare-exchange per thread between barriers; bitonicSort() launches it for arrayLength 1024)
// license: BSD-3-Clause (NVIDIA); written here in the sample's form
// adapted: extern "C"; __syncthreads() for cg::sync(cta); the sample's Comparator inlined
#define SHARED_SIZE_LIMIT 1024U
__device__ inline void Comparator(unsigned int &keyA, unsigned int &valA, unsigned int &keyB,
                                  unsigned int &valB, unsigned int dir)
{
    unsigned int t;
    if ((keyA > keyB) == dir) {
        t = keyA; keyA = keyB; keyB = t;
        t = valA; valA = valB; valB = t;
    }
}
extern "C" __global__ void bitonicSortShared(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                             const unsigned int *d_SrcKey, const unsigned int *d_SrcVal,
                                             unsigned int arrayLength, unsigned int dir)
{
    __shared__ unsigned int s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned int s_val[SHARED_SIZE_LIMIT];
    d_SrcKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_SrcVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    s_key[threadIdx.x + 0] = d_SrcKey[0];
    s_val[threadIdx.x + 0] = d_SrcVal[0];
    s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
    s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];
    for (unsigned int size = 2; size < arrayLength; size <<= 1) {
        // Bitonic merge
        unsigned int ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], ddd);
        }
    }
    // ddd == dir for the last bitonic merge step
    for (unsigned int stride = arrayLength / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
        Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], dir);
    }
    __syncthreads();
    d_DstKey[0] = s_key[threadIdx.x + 0];
    d_DstVal[0] = s_val[threadIdx.x + 0];
    d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
    d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
}
