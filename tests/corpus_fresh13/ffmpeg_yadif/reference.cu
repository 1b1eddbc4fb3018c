// Reference for corpus_fresh13 ffmpeg_yadif (written for the corpus, from libavfilter's C
// filter_line of yadif): the deinterlaced plane, one byte per pixel, written four bytes per
// float64 word value (the output plane is compared as u32 words, exactly).
__device__ __forceinline__ int px(const unsigned int* plane, int x, int y, int w, int h, int pitch) {
  x = x < 0 ? 0 : (x > w - 1 ? w - 1 : x);
  y = y < 0 ? 0 : (y > h - 1 ? h - 1 : y);
  const long long o = (long long)y * pitch + x;
  return (int)((plane[o / 4] >> (8 * (o % 4))) & 0xff);
}
__device__ __forceinline__ int iabs(int v) { return v < 0 ? -v : v; }
__device__ __forceinline__ int imax(int a, int b) { return a > b ? a : b; }
__device__ __forceinline__ int imin(int a, int b) { return a < b ? a : b; }

__device__ int yadif_px(const unsigned int* prev, const unsigned int* cur, const unsigned int* next,
                        int x, int y, int w, int h, int pitch, int parity, int tff, int skip) {
  if (y % 2 == parity) return px(cur, x, y, w, h, pitch);
  int t[2][7];
  for (int r = 0; r < 2; ++r)
    for (int k = 0; k < 7; ++k) t[r][k] = px(cur, x - 3 + k, y - 1 + 2 * r, w, h, pitch);
  // up: t[0][0..6] = a..g (x-3..x+3), down: t[1][0..6] = h..n
  const int *u = t[0], *dn = t[1];
  int pred = (u[3] + dn[3]) / 2;
  int best = iabs(u[2] - dn[2]) + iabs(u[3] - dn[3]) + iabs(u[4] - dn[4]);
  int s = iabs(u[1] - dn[3]) + iabs(u[2] - dn[4]) + iabs(u[3] - dn[5]);
  if (s < best) {
    pred = (u[2] + dn[4]) / 2; best = s;
    s = iabs(u[0] - dn[4]) + iabs(u[1] - dn[5]) + iabs(u[2] - dn[6]);
    if (s < best) { pred = (u[1] + dn[5]) / 2; best = s; }
  }
  s = iabs(u[3] - dn[1]) + iabs(u[4] - dn[2]) + iabs(u[5] - dn[3]);
  if (s < best) {
    pred = (u[4] + dn[2]) / 2; best = s;
    s = iabs(u[4] - dn[0]) + iabs(u[5] - dn[1]) + iabs(u[6] - dn[2]);
    if (s < best) { pred = (u[5] + dn[1]) / 2; best = s; }
  }
  const int second = !(parity ^ tff);
  const unsigned int* prev1 = second ? cur : prev;
  const unsigned int* next1 = second ? next : cur;
  const int A = px(prev, x, y - 1, w, h, pitch), B = px(prev, x, y + 1, w, h, pitch);
  const int C = px(prev1, x, y - 2, w, h, pitch), D = px(prev1, x, y, w, h, pitch);
  const int E = px(prev1, x, y + 2, w, h, pitch);
  const int F = px(cur, x, y - 1, w, h, pitch), G = px(cur, x, y + 1, w, h, pitch);
  const int H = px(next1, x, y - 2, w, h, pitch), I = px(next1, x, y, w, h, pitch);
  const int J = px(next1, x, y + 2, w, h, pitch);
  const int K = px(next, x, y - 1, w, h, pitch), L = px(next, x, y + 1, w, h, pitch);
  const int p0 = (C + H) / 2, p1 = F, p2 = (D + I) / 2, p3 = G, p4 = (E + J) / 2;
  int diff = imax(imax(iabs(D - I), (iabs(A - F) + iabs(B - G)) / 2), (iabs(K - F) + iabs(G - L)) / 2);
  if (!skip) {
    const int maxi = imax(imax(p2 - p3, p2 - p1), imin(p0 - p1, p4 - p3));
    const int mini = imin(imin(p2 - p3, p2 - p1), imax(p0 - p1, p4 - p3));
    diff = imax(imax(diff, mini), -maxi);
  }
  if (pred > p2 + diff) pred = p2 + diff;
  if (pred < p2 - diff) pred = p2 - diff;
  return pred;
}

extern "C" __global__ void yadif_ref(int width, int height, int pitch, int parity, int tff,
                                     int skip, const unsigned int* prev, const unsigned int* cur,
                                     const unsigned int* next, double* dst) {
  const long long words = (long long)height * (pitch / 4);
  for (long long wi = (long long)blockIdx.x * blockDim.x + threadIdx.x; wi < words;
       wi += (long long)blockDim.x * gridDim.x) {
    const int y = (int)(wi / (pitch / 4));
    const int x0 = (int)(wi % (pitch / 4)) * 4;
    unsigned long long word = 0;
    for (int b = 0; b < 4; ++b) {
      const int v = x0 + b < width ? yadif_px(prev, cur, next, x0 + b, y, width, height, pitch, parity, tff, skip) : 0;
      word |= (unsigned long long)(v & 0xff) << (8 * b);
    }
    dst[wi] = (double)word;
  }
}
