// corpus_fresh2: cbe_dot -- from Sanders & Kandrot, 'CUDA by Example' (2010), ch. 5.3.1, dot.cu:
// threadsPerBlock 256, blocksPerGrid = imin(32, (N+threadsPerBlock-1) / threadsPerBlock)
// license: the book's sample code (NVIDIA, redistributable with attribution); written here in that form
// adapted: extern "C"; N a kernel argument (the book's 33 * 1024 -> 2^24)
#define threadsPerBlock 256
extern "C" __global__ void dot(const float *a, const float *b, float *c, int N)
{
    __shared__ float cache[threadsPerBlock];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;
    float temp = 0;
    while (tid < N) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[cacheIndex] = temp;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }
    if (cacheIndex == 0) c[blockIdx.x] = cache[0];
}
