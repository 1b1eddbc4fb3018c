// float64 reference for corpus_fresh4 problem pmpp_stencil3d_basic (written for the corpus): the
// interior points get the seven-point stencil, the boundary keeps out's input values (out arrives
// as double holding them)
extern "C" __global__ void stencil3d_ref(const float* in, double* out, int N) {
  const long n = N;
  const long g = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n * n * n) return;
  const long i = g / (n * n), j = (g / n) % n, k = g % n;
  if (i < 1 || i >= n - 1 || j < 1 || j >= n - 1 || k < 1 || k >= n - 1) return;
  const double cn = 1.0 / 12.0;
  out[g] = 0.5 * in[g] + (double)(float)cn * ((double)in[g - 1] + in[g + 1] + in[g - n] +
                                              in[g + n] + in[g - n * n] + in[g + n * n]);
}
