// corpus: pmpp_text_histogram -- from Kirk & Hwu, 'Programming Massively Parallel Processors' (3rd ed.), ch. 9 (Parallel Histogram), Fig. 9.6 histo_kernel (interleaved partitioning, global atomics) @ -
// license: textbook listing, reproduced for testing
// adapted: extern "C"; the text is the bytes of an int buffer whose values make every 4th byte a letter (about a third of all bytes fall in a-z); size 2^24 bytes, 1056 blocks of 256 threads
extern "C" __global__ void histo_kernel(unsigned char *buffer, long size, unsigned int *histo)
{
  unsigned int tid = threadIdx.x + blockIdx.x * blockDim.x;
  // All threads handle blockDim.x * gridDim.x consecutive elements in each iteration
  for (unsigned int i = tid; i < size; i += blockDim.x * gridDim.x) {
    int alphabet_position = buffer[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26)
      atomicAdd(&(histo[alphabet_position/4]), 1);
  }
}
