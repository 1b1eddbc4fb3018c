// Reference for corpus_fresh15 opencv_match_template_sqdiff (written for the corpus): the sum of
// squared differences between the template and the image window at each result pixel, in
// float64, template columns outer and rows inner (the kernel goes row by row), one thread per
// result pixel.
extern "C" __global__ void sqdiff_ref(long long iw, long long tw, long long th, long long rw,
                                      long long rh, const float* image, const float* templ,
                                      double* result) {
  for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x; p < rw * rh;
       p += (long long)blockDim.x * gridDim.x) {
    const long long x = p % rw, y = p / rw;
    double acc = 0.0;
    for (long long j = 0; j < tw; ++j)
      for (long long i = 0; i < th; ++i) {
        const double d = (double)image[(y + i) * iw + x + j] - (double)templ[i * tw + j];
        acc += d * d;
      }
    result[p] = acc;
  }
}
