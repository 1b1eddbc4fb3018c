// Reference for corpus_fresh10 caffe_maxpool_fwd (written for the corpus; a max and an index, so
// exact): one thread per pooled output scans its clipped window in the same row-major order,
// keeping the first strict maximum, and writes the value and its index in the channel plane.
extern "C" __global__ void maxpool_ref(int count, const float* bottom, int channels, int height,
                                       int width, int pooled_height, int pooled_width, int k,
                                       int stride, double* top, double* mask) {
  const long long total = count;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const int pw = (int)(e % pooled_width);
    const int ph = (int)((e / pooled_width) % pooled_height);
    const long long plane = e / ((long long)pooled_width * pooled_height);  // n * channels + c
    const int h0 = ph * stride, w0 = pw * stride;
    const int h1 = h0 + k < height ? h0 + k : height, w1 = w0 + k < width ? w0 + k : width;
    const float* s = bottom + plane * height * width;
    float best = -3.402823466e+38F;
    int arg = -1;
    for (int h = h0; h < h1; ++h)
      for (int w = w0; w < w1; ++w)
        if (s[h * width + w] > best) {
          best = s[h * width + w];
          arg = h * width + w;
        }
    top[e] = best;
    mask[e] = arg;
  }
}
