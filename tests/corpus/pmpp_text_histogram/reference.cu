// float64 reference for corpus problem pmpp_text_histogram (written for the corpus)
// The bytes of the int buffer read as text; bins of 4 letters (a-d, e-h, ...), counted in double.
extern "C" __global__ void histo_ref(const int* buffer, long size, double* histo) {
  const unsigned char* b = (const unsigned char*)buffer;
  unsigned c[7] = {0, 0, 0, 0, 0, 0, 0};
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < size; i += (long)blockDim.x * gridDim.x) {
    int p = b[i] - 'a';
    if (p >= 0 && p < 26) c[p / 4]++;
  }
  for (int k = 0; k < 7; k++) if (c[k]) atomicAdd(&histo[k], (double)c[k]);
}
