// reference for corpus_fresh5 pt_pdist_blockpair: the Euclidean distance of rows i < j, pairs in
// row-major order of the upper triangle (k = 0 is (0, 1)); the pair of k from the closed form
// i = floor(((2n - 1) - sqrt((2n - 1)^2 - 8k)) / 2), in float64, one thread per pair.
extern "C" __global__ void pdist_ref(const float* x, double* out, long long n, long long m,
                                     long long combs) {
  long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= combs) return;
  double t = 2.0 * n - 1.0;
  long long i = (long long)floor((t - sqrt(t * t - 8.0 * (double)k)) / 2.0);
  long long first = i * (2 * n - i - 1) / 2;  // index of (i, i + 1)
  long long j = i + 1 + (k - first);
  double s = 0;
  for (long long f = 0; f < m; ++f) {
    double d = (double)x[i * m + f] - (double)x[j * m + f];
    s += d * d;
  }
  out[k] = sqrt(s);
}
