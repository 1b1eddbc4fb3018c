// Reference for corpus_fresh11 mmcv_sigmoid_focal_loss (written for the corpus): the sigmoid
// focal loss of each (anchor, class), the anchor's label t: -alpha (1 - p)^gamma log p where
// the class is t, -(1 - alpha) p^gamma log(1 - p) elsewhere. p and 1 - p are the kernel's float
// values (a float sigmoid saturates to exactly 0 or 1 where a float64 one does not, and the
// loss of a saturated element is then log(FLT_MIN), not the float64 log); the powers, logs and
// products are in float64.
extern "C" __global__ void focal_ref(int count, const float* x, const long long* label,
                                     double* out, float gamma, float alpha, int classes) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < count;
       e += (long long)blockDim.x * gridDim.x) {
    const long long a = e / classes;
    const int c = (int)(e % classes);
    const float pf = 1.f / (1.f + expf(-x[e]));
    const float qf = 1.f - pf;
    const double fmin = 1.175494351e-38;
    const double p = pf, q = qf, g = gamma, al = alpha;
    if (label[a] == c)
      out[e] = -al * pow(q, g) * log(p > fmin ? p : fmin);
    else
      out[e] = -(1.0 - al) * pow(p, g) * log(q > fmin ? q : fmin);
  }
}
