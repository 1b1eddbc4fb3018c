// corpus_fresh3: pmpp_scan_domino -- from "Programming Massively Parallel Processors" (Hwu, Kirk,
// El Hajj), 4th ed. ch. 11, "Single-pass scan for memory access efficiency" (the stream-based or
// "domino" scan of Yan, Long and Zhang): each block scans its section, then thread 0 waits for its
// predecessor's flag, reads the predecessor's running sum, publishes its own, __threadfence(),
// raises the next flag; block indices are handed out by an atomic counter so a block only waits
// on one that has started
// license: textbook listing (Morgan Kaufmann / Elsevier); written here in the book's form
// adapted: extern "C"; Kogge-Stone section scan of 1024 (the chapter's listing); block 0
// does not wait (the book initialises flags[0] on the host); the wait compares with the launch's
// epoch (ticket / gridDim.x + 1) instead of 0, and the sum is read volatile (L1 is not coherent)
#define SECTION_SIZE 1024
extern "C" __global__ void single_pass_scan(const float *X, float *Y, unsigned int N, int *flags,
                                            float *scan_value, unsigned int *blockCounter)
{
    __shared__ unsigned int bid_s;
    __shared__ float XY[SECTION_SIZE];
    __shared__ float previous_sum;
    if (threadIdx.x == 0) bid_s = atomicAdd(blockCounter, 1);
    __syncthreads();
    const unsigned int bid = bid_s % gridDim.x;
    const int epoch = (int)(bid_s / gridDim.x) + 1;
    unsigned int i = bid * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < N ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    __syncthreads();
    const float local_sum = XY[blockDim.x - 1];
    if (threadIdx.x == 0) {
        if (bid > 0) {
            // Wait for previous flag
            while (atomicAdd(&flags[bid], 0) < epoch) {
            }
            // Read previous partial sum
            previous_sum = ((volatile float *)scan_value)[bid];
        } else {
            previous_sum = 0.0f;
        }
        // Propagate partial sum
        scan_value[bid + 1] = previous_sum + local_sum;
        // Memory fence
        __threadfence();
        // Set flag
        atomicAdd(&flags[bid + 1], 1);
    }
    __syncthreads();
    if (i < N) Y[i] = XY[threadIdx.x] + previous_sum;
}
