// Reference for corpus_fresh15 opencv_bgr2hsv_32f (written for the corpus): HSV in float64 with
// OpenCV's conventions (H in degrees, 0..360, S = (V - min) / (|V| + eps), V = max; the hue's
// sector chosen red first, then green, as OpenCV does on ties, eps = FLT_EPSILON as the kernel
// adds it), one thread per pixel.
extern "C" __global__ void bgr_to_hsv_32f_ref(long long pixels, const float* src, double* dst) {
  const double eps = 1.1920928955078125e-07;
  for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x; p < pixels;
       p += (long long)blockDim.x * gridDim.x) {
    const double b = src[3 * p], g = src[3 * p + 1], r = src[3 * p + 2];
    const double v = fmax(r, fmax(g, b));
    const double lo = fmin(r, fmin(g, b));
    const double d = v - lo;
    const double k = 60.0 / (d + eps);
    double h;
    if (v == r)
      h = (g - b) * k;
    else if (v == g)
      h = (b - r) * k + 120.0;
    else
      h = (r - g) * k + 240.0;
    if (h < 0) h += 360.0;
    dst[3 * p] = h;
    dst[3 * p + 1] = d / (fabs(v) + eps);
    dst[3 * p + 2] = v;
  }
}
