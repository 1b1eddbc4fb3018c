// float64 reference for corpus_fresh7 pt_i0_f64 (written for the corpus): the modified Bessel
// function of the first kind of order zero, I0(x), from CUDA's cyl_bessel_i0 (an implementation
// independent of Cephes' Chebyshev series), one thread per element.
extern "C" __global__ void i0_ref(long long n, const double* x, double* y) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = cyl_bessel_i0(x[i]);
}
