// corpus: pmpp_histo_privatized -- from Kirk & Hwu, 'Programming Massively Parallel Processors' (3rd ed.), ch. 9 (Parallel Histogram), Fig. 9.10 histogram_privatized_kernel (shared-memory private bins) @ -
// license: textbook listing, reproduced for testing
// adapted: extern "C"; num_bins = 7 letter bins as in the chapter's example; the text is the bytes of an int buffer (a third letters); size 2^26 bytes; shared bins sized by dynamic shared memory
extern "C" __global__ void histogram_privatized_kernel(unsigned char* input, unsigned int* bins,
                                                       unsigned int num_elements, unsigned int num_bins) {
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  // Privatized bins
  extern __shared__ unsigned int histo_s[];
  for (unsigned int binIdx = threadIdx.x; binIdx < num_bins; binIdx += blockDim.x) {
    histo_s[binIdx] = 0u;
  }
  __syncthreads();
  // Histogram
  for (unsigned int i = tid; i < num_elements; i += blockDim.x * gridDim.x) {
    int alphabet_position = input[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26) atomicAdd(&(histo_s[alphabet_position / 4]), 1);
  }
  __syncthreads();
  // Commit to global memory
  for (unsigned int binIdx = threadIdx.x; binIdx < num_bins; binIdx += blockDim.x) {
    atomicAdd(&(bins[binIdx]), histo_s[binIdx]);
  }
}
