// corpus_fresh3: pmpp_scan_brent_kung -- from "Programming Massively Parallel Processors" (Hwu,
// Kirk, El Hajj), the Brent-Kung inclusive scan of one section per block (4th ed. ch. 11,
// 3rd ed. ch. 8): an up-sweep and a down-sweep tree over SECTION_SIZE = 2 * blockDim.x
// shared elements, index (threadIdx.x + 1) * 2 * stride - 1
// license: textbook listing (Morgan Kaufmann / Elsevier); written here in the book's form
// adapted: extern "C"; SECTION_SIZE 2048 with 1024 threads; each block scans its own section
// (the book's first phase of a hierarchical scan)
#define SECTION_SIZE 2048
extern "C" __global__ void Brent_Kung_scan_kernel(const float *X, float *Y, unsigned int N)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) XY[threadIdx.x] = X[i];
    if (i + blockDim.x < N) XY[threadIdx.x + blockDim.x] = X[i + blockDim.x];
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[index] += XY[index - stride];
    }
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
    }
    __syncthreads();
    if (i < N) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < N) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}
