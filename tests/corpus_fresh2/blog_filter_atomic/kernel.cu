// corpus_fresh2: blog_filter_atomic -- from the NVIDIA developer blog, "CUDA Pro Tip: Optimized
// Filtering with Warp-Aggregated Atomics" (Andrew Adinetz, 2014; updated for CUDA 9): the
// naive filter_k, which appends every positive element through one global counter
// license: blog sample code; written here in the post's form
// adapted: extern "C"; the kept elements land in a scratch buffer (their order is whatever the
// atomics give), the count is the checked output
extern "C" __global__ void filter_k(int *dst, int *nres, const int *src, int n)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < n && src[i] > 0)
        dst[atomicAdd(nres, 1)] = src[i];
}
