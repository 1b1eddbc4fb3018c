// corpus_fresh2: seqcst_histogram -- a histogram written with the C++ atomic API of libcu++,
// cuda::atomic_ref<int, cuda::thread_scope_device>(bins[k]).fetch_add(1) with the default
// memory order (memory_order_seq_cst), as code ported from std::atomic reads. What that call
// compiles to on sm_70+ (a fence.sc.gpu, then the atomic) is written out here, since the
// problem format compiles with NVRTC without the CCCL headers.
// license: written for the corpus (the API is libcu++'s, Apache-2.0 WITH LLVM-exception)
extern "C" __global__ void histogram_seq_cst(const int *keys, int *bins, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int k = keys[i];
        asm volatile("fence.sc.gpu;" ::: "memory");  // the seq_cst order's leading fence
        atomicAdd(&bins[k], 1);                        // the relaxed device-scope RMW
    }
}
