// float64 reference for corpus_fresh3 problem cbe_histo_global (written for the corpus): block b
// counts the keys equal to b (256 threads, strided), then sums its threads' counts
extern "C" __global__ void histo_ref(const unsigned int* buffer, int size, double* histo) {
  __shared__ double part[256];
  const unsigned b = blockIdx.x;
  double c = 0;
  for (int i = threadIdx.x; i < size; i += blockDim.x) c += buffer[i] == b ? 1.0 : 0.0;
  part[threadIdx.x] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    double s = 0;
    for (int t = 0; t < (int)blockDim.x; ++t) s += part[t];
    histo[b] = s;
  }
}
