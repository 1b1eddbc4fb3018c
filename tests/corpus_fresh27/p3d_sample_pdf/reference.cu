// Reference for corpus_fresh27 p3d_sample_pdf (written for the corpus): one thread per sample,
// the same CDF inversion in float64 (the total weight with eps, the linear walk over the bins,
// the interpolation inside the bin found). outputs arrives holding the quantiles (an inout
// buffer) and leaves holding the samples. Near a bin edge float and double may choose
// neighbouring bins; the inverse CDF is continuous there (the end of one bin is the start of the
// next), so the two answers differ by rounding only.
extern "C" __global__ void sample_pdf_ref(const float* bins, const float* weights,
                                          double* outputs, float eps, long long batch_size,
                                          long long n_bins, long long n_samples) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch_size * n_samples) return;
  const long long b = t / n_samples;
  const float* w = weights + n_bins * b;
  const float* bn = bins + (1 + n_bins) * b;
  double total = (double)eps;
  for (long long k = 0; k < n_bins; ++k) total += (double)w[k];
  double u = total * outputs[t];
  long long k = 0;
  while (k + 1 < n_bins && u > (double)w[k]) {
    u -= (double)w[k];
    ++k;
  }
  const double s = bn[k], e = bn[k + 1], bw = w[k];
  double out = s;
  if (u > bw) out = e;
  else if (bw > (double)eps) out += (u / bw) * (e - s);
  outputs[t] = out;
}
