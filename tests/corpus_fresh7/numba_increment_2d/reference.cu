// float64 reference for corpus_fresh7 numba_increment_2d (written for the corpus): every element
// plus one, one thread per element in memory order.
extern "C" __global__ void increment_ref(double* a, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += 1.0;
}
