// Reference for corpus_fresh24 hecb_hwt1d_haar (written for the corpus): a thread a block of 512
// samples, scaled by 1/sqrt(length), nine Haar levels in float64 (average and difference of each
// pair times 0.7071, as the kernel's constant), the differences at the kernel's output positions
// and the last average per block. Positions the pass does not write keep their input values.
extern "C" __global__ void hwt_ref(const float* in, double* coefs, double* avg, unsigned int len) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= (int)(len / 512)) return;
  double v[512];
  const double r = 1.0 / sqrt((double)len);
  for (int i = 0; i < 512; ++i) v[i] = (double)in[(long long)g * 512 + i] * r;
  const double c = (double)0.7071f;
  unsigned int active = 256, mid = len / 2;
  for (int lv = 0; lv < 9; ++lv) {
    for (unsigned int t = 0; t < active; ++t) {
      const double a = v[2 * t], b = v[2 * t + 1];
      coefs[mid + (unsigned long long)g * active + t] = (a - b) * c;
      v[t] = (a + b) * c;  // t <= 2t: pair t is read before slot t is overwritten
    }
    mid >>= 1;
    active >>= 1;
  }
  avg[g] = v[0];
}
