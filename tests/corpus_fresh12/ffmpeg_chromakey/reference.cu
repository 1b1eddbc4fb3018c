// Reference for corpus_fresh12 ffmpeg_chromakey (written for the corpus): a 4:2:0 chroma key. Y, U
// and V are copied (bytes, four per u32 word, written back as the words' values); each chroma
// sample's alpha is the mean over its in-plane 3 x 3 neighbourhood of
// sqrt(((u - u_key)^2 + (v - v_key)^2) / (2 * 255^2)), mapped by clamp((d - similarity) / blend,
// 0, 1) * 255 and written to the 2 x 2 luma positions it covers, in float64.
extern "C" __global__ void chromakey_ref(int width, int height, int pitch, int width_uv,
                                         int height_uv, int pitch_uv, float u_key, float v_key,
                                         float similarity, float blend, const unsigned int* Yw,
                                         const unsigned int* Uw, const unsigned int* Vw, double* dY,
                                         double* dU, double* dV, double* dA) {
  const long long ny = (long long)height * pitch / 4, nuv = (long long)height_uv * pitch_uv / 4;
  const long long step = (long long)blockDim.x * gridDim.x;
  const long long t0 = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  for (long long i = t0; i < ny; i += step) dY[i] = Yw[i];
  for (long long i = t0; i < nuv; i += step) {
    dU[i] = Uw[i];
    dV[i] = Vw[i];
  }
  const unsigned char* U = (const unsigned char*)Uw;
  const unsigned char* V = (const unsigned char*)Vw;
  for (long long p = t0; p < (long long)width_uv * height_uv; p += step) {
    const int x = (int)(p % width_uv), y = (int)(p / width_uv);
    double d = 0;
    int n = 0;
    for (int c = y - 1; c <= y + 1; ++c)
      for (int r = x - 1; r <= x + 1; ++r) {
        if (r < 0 || r >= width_uv || c < 0 || c >= height_uv) continue;
        const double du = U[c * pitch_uv + r] - (double)u_key,
                     dv = V[c * pitch_uv + r] - (double)v_key;
        d += sqrt((du * du + dv * dv) / (255.0 * 255.0 * 2.0));
        ++n;
      }
    d /= n;
    double a = (d - similarity) / blend;
    a = a < 0 ? 0 : (a > 1 ? 1 : a);
    for (int k = 0; k < 2; ++k)
      for (int l = 0; l < 2; ++l) {
        const int xr = 2 * x + k, yr = 2 * y + l;
        if (xr < width && yr < height) dA[(long long)yr * width + xr] = a * 255.0;
      }
  }
}
