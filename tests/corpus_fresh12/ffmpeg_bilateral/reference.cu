// Reference for corpus_fresh12 ffmpeg_bilateral (written for the corpus): the bilateral filter of
// a planar 4:4:4 8-bit frame in float64: for each pixel the weighted mean of the in-frame
// neighbours of a window_size x window_size window, weight exp(-(dx^2 + dy^2) / (2 sS^2) -
// |dYUV|^2 / (2 sR^2)), for each of the three planes (pitch in bytes, outputs width x height).
extern "C" __global__ void bilateral_ref(int width, int height, int pitch, int window_size,
                                         float sigmaS, float sigmaR, const unsigned int* Yw,
                                         const unsigned int* Uw, const unsigned int* Vw, double* dY,
                                         double* dU, double* dV) {
  const unsigned char* Y = (const unsigned char*)Yw;
  const unsigned char* U = (const unsigned char*)Uw;
  const unsigned char* V = (const unsigned char*)Vw;
  const double ss = 2.0 * sigmaS * sigmaS, sr = 2.0 * sigmaR * sigmaR;
  for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       p < (long long)width * height; p += (long long)blockDim.x * gridDim.x) {
    const int x = (int)(p % width), y = (int)(p / width);
    const double cy = Y[y * pitch + x], cu = U[y * pitch + x], cv = V[y * pitch + x];
    double wp = 0, sy = 0, su = 0, sv = 0;
    for (int i = 0; i < window_size; ++i)
      for (int j = 0; j < window_size; ++j) {
        const int r = x - window_size / 2 + i, c = y - window_size / 2 + j;
        if (r < 0 || r >= width || c < 0 || c >= height) continue;
        const double ny = Y[c * pitch + r], nu = U[c * pitch + r], nv = V[c * pitch + r];
        const double d2 = (double)(x - r) * (x - r) + (double)(y - c) * (y - c);
        const double c2 = (cy - ny) * (cy - ny) + (cu - nu) * (cu - nu) + (cv - nv) * (cv - nv);
        const double w = exp(-d2 / ss - c2 / sr);
        wp += w;
        sy += ny * w;
        su += nu * w;
        sv += nv * w;
      }
    dY[p] = sy / wp;
    dU[p] = su / wp;
    dV[p] = sv / wp;
  }
}
