// Reference for corpus_fresh14 pt_gcd_int32 (written for the corpus): the greatest common
// divisor of |a| and |b| by the binary (Stein) algorithm on 64-bit magnitudes, a different
// route from the kernel's Euclid loop; gcd(0, b) = |b|. Written as float64, as references are.
extern "C" __global__ void gcd_ref(long long n, const int* a, const int* b, double* out) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)blockDim.x * gridDim.x) {
    unsigned long long u = a[i] < 0 ? -(long long)a[i] : a[i];
    unsigned long long v = b[i] < 0 ? -(long long)b[i] : b[i];
    if (u == 0 || v == 0) {
      out[i] = (double)(u | v);
      continue;
    }
    int shift = 0;
    while (((u | v) & 1ull) == 0) { u >>= 1; v >>= 1; ++shift; }
    while ((u & 1ull) == 0) u >>= 1;
    do {
      while ((v & 1ull) == 0) v >>= 1;
      if (u > v) { unsigned long long t = u; u = v; v = t; }
      v -= u;
    } while (v != 0);
    out[i] = (double)(u << shift);
  }
}
