// corpus_fresh3: cbe_histo_global -- from "CUDA by Example" (Sanders and Kandrot, 2010), chapter 9,
// hist_gpu_gmem_atomics.cu: histo_kernel, every byte of the buffer an atomicAdd on one of 256
// global bins, launched with blocks = 2 * multiProcessorCount of 256 threads
// license: the book's code (NVIDIA, "CUDA by Example" source license); written here in the book's form
// adapted: extern "C", named histo_kernel_gmem (tests/corpus has PMPP's histo_kernel); the byte
// buffer is passed as one unsigned int per byte (the problem format has no 8-bit type), each
// holding a value in [0, 256); size as int
extern "C" __global__ void histo_kernel_gmem(const unsigned int *buffer, int size, unsigned int *histo)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int offset = blockDim.x * gridDim.x;
    while (i < size) {
        atomicAdd(&(histo[buffer[i]]), 1);
        i += offset;
    }
}
