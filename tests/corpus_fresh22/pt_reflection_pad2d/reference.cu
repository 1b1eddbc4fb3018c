// Reference for corpus_fresh22 pt_reflection_pad2d (written for the corpus): one thread per output
// element of (planes, oh, ow), the source coordinate reflected without repeating the edge
// (i < 0 -> -i, i >= n -> 2 (n - 1) - i), the value copied as a double.
extern "C" __global__ void reflection_pad_ref(const float* in, double* out, long long planes,
                                              int ih, int iw, int pad_t, int pad_l) {
  const long long oh = ih + 2 * pad_t, ow = iw + 2 * pad_l;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= planes * oh * ow) return;
  const long long p = t / (oh * ow);
  const long long r = t % (oh * ow);
  long long y = r / ow - pad_t, x = r % ow - pad_l;
  if (y < 0) y = -y;
  if (y >= ih) y = 2 * (ih - 1) - y;
  if (x < 0) x = -x;
  if (x >= iw) x = 2 * (iw - 1) - x;
  out[t] = (double)in[(p * ih + y) * iw + x];
}
