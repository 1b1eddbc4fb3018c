// float64 reference for corpus_fresh7 babel_triad_f64 (written for the corpus): a = b + 0.4 c,
// one element per thread.
extern "C" __global__ void triad_ref(double* a, const double* b, const double* c, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + 0.4 * c[i];
}
