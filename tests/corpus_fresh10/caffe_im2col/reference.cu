// Reference for corpus_fresh10 caffe_im2col (written for the corpus; a copy, so exact): one
// thread per column-matrix entry (c * k * k + i * k + j, h_out, w_out) reads its input pixel or 0.
extern "C" __global__ void im2col_ref(int channels, const float* data_im, int height, int width,
                                      int ksize, int pad, int stride, int height_col,
                                      int width_col, double* data_col) {
  const long long total = (long long)channels * ksize * ksize * height_col * width_col;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const int w_out = (int)(e % width_col);
    const int h_out = (int)((e / width_col) % height_col);
    const long long row = e / ((long long)width_col * height_col);  // c * k * k + i * k + j
    const int j = (int)(row % ksize), i = (int)((row / ksize) % ksize);
    const int c = (int)(row / ((long long)ksize * ksize));
    const int h = h_out * stride - pad + i, w = w_out * stride - pad + j;
    data_col[e] = (h >= 0 && w >= 0 && h < height && w < width)
                      ? data_im[((long long)c * height + h) * width + w]
                      : 0.0f;
  }
}
