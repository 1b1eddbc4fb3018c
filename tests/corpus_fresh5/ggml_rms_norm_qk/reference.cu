// reference for corpus_fresh5 ggml_rms_norm_qk: y = x / sqrt(mean(x^2) + eps) per row of 128,
// in float64, one thread per row.
extern "C" __global__ void rms_norm_ref(const float* x, double* y, int nrows, int ncols,
                                        float eps) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrows) return;
  const float* xr = x + (size_t)r * ncols;
  double ss = 0;
  for (int c = 0; c < ncols; ++c) ss += (double)xr[c] * xr[c];
  double s = 1.0 / sqrt(ss / ncols + (double)eps);
  for (int c = 0; c < ncols; ++c) y[(size_t)r * ncols + c] = s * xr[c];
}
