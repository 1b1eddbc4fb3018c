// float64 reference for corpus_fresh7 pt_ndtri_f32 (written for the corpus): the inverse of the
// standard normal CDF, x with Phi(x) = y, from CUDA's double-precision normcdfinv (an
// implementation independent of Cephes'), one thread per element.
extern "C" __global__ void ndtri_ref(long long n, const float* y, double* x) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = normcdfinv((double)y[i]);
}
