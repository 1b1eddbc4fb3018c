// reference for corpus_fresh5 cs_fwt_batch1_shared: the Walsh-Hadamard transform (natural,
// Sylvester order, unnormalised) of each 2048-element vector in float64, radix-2 stages in
// shared memory, one block per vector (the butterfly stages commute, so any order gives H x).
extern "C" __global__ void fwt_ref(const float* in, double* out, int log2N) {
  __shared__ double v[2048];
  const int N = 1 << log2N;
  const float* x = in + (size_t)blockIdx.x * N;
  for (int p = threadIdx.x; p < N; p += blockDim.x) v[p] = x[p];
  for (int h = 1; h < N; h <<= 1) {
    __syncthreads();
    for (int p = threadIdx.x; p < N / 2; p += blockDim.x) {
      int i = (p / h) * 2 * h + p % h;
      double a = v[i], b = v[i + h];
      v[i] = a + b;
      v[i + h] = a - b;
    }
  }
  __syncthreads();
  double* y = out + (size_t)blockIdx.x * N;
  for (int p = threadIdx.x; p < N; p += blockDim.x) y[p] = v[p];
}
