// reference for corpus_fresh8 needle_compact_permute (written for the corpus): the head split of
// attention, out[b, h, t, d] = a[b, t, h, d] for a contiguous (B, T, H, D) input, one thread per
// output element, coordinates by plain 64-bit division.
extern "C" __global__ void compact_permute_ref(const float* a, double* out, long long n, int B,
                                               int H, int T, int D) {
  const long long o = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= n) return;
  const long long d = o % D, t = (o / D) % T, h = (o / ((long long)D * T)) % H,
                  b = o / ((long long)D * T * H);
  out[o] = (double)a[((b * T + t) * H + h) * D + d];
}
