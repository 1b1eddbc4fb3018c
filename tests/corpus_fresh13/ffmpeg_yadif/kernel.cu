// corpus_fresh13: ffmpeg_yadif -- FFmpeg yadif_cuda (NVIDIA 2018): yadif_uchar, the YADIF
// deinterlacer on an 8-bit plane: the lines of the kept field are copied, every other line is
// predicted spatially from the 7 + 7 pixels above and below (edge-directed) and clamped by a
// temporal predictor from the previous and next frames. Rewritten for the problem format (see
// README.md).

// tex2D<unsigned char> with point sampling and clamped addressing
__device__ __forceinline__ int fetch(const unsigned char* plane, int x, int y, int w, int h,
                                     int pitch) {
  x = min(max(x, 0), w - 1);
  y = min(max(y, 0), h - 1);
  return plane[y * pitch + x];
}

__device__ __forceinline__ int spatial_predictor(int a, int b, int c, int d, int e, int f, int g,
                                                 int h, int i, int j, int k, int l, int m, int n) {
  int spatial_pred = (d + k) / 2;
  int spatial_score = abs(c - j) + abs(d - k) + abs(e - l);

  int score = abs(b - k) + abs(c - l) + abs(d - m);
  if (score < spatial_score) {
    spatial_pred = (c + l) / 2;
    spatial_score = score;
    score = abs(a - l) + abs(b - m) + abs(c - n);
    if (score < spatial_score) {
      spatial_pred = (b + m) / 2;
      spatial_score = score;
    }
  }
  score = abs(d - i) + abs(e - j) + abs(f - k);
  if (score < spatial_score) {
    spatial_pred = (e + j) / 2;
    spatial_score = score;
    score = abs(e - h) + abs(f - i) + abs(g - j);
    if (score < spatial_score) {
      spatial_pred = (f + i) / 2;
      spatial_score = score;
    }
  }
  return spatial_pred;
}

__device__ __forceinline__ int max3(int a, int b, int c) { return max(max(a, b), c); }
__device__ __forceinline__ int min3(int a, int b, int c) { return min(min(a, b), c); }

__device__ __forceinline__ int temporal_predictor(int A, int B, int C, int D, int E, int F, int G,
                                                  int H, int I, int J, int K, int L,
                                                  int spatial_pred, bool skip_check) {
  int p0 = (C + H) / 2;
  int p1 = F;
  int p2 = (D + I) / 2;
  int p3 = G;
  int p4 = (E + J) / 2;

  int tdiff0 = abs(D - I);
  int tdiff1 = (abs(A - F) + abs(B - G)) / 2;
  int tdiff2 = (abs(K - F) + abs(G - L)) / 2;

  int diff = max3(tdiff0, tdiff1, tdiff2);
  if (!skip_check) {
    int maxi = max3(p2 - p3, p2 - p1, min(p0 - p1, p4 - p3));
    int mini = min3(p2 - p3, p2 - p1, max(p0 - p1, p4 - p3));
    diff = max3(diff, mini, -maxi);
  }
  if (spatial_pred > p2 + diff) spatial_pred = p2 + diff;
  if (spatial_pred < p2 - diff) spatial_pred = p2 - diff;
  return spatial_pred;
}

extern "C" __global__ void yadif_uchar(unsigned char* dst, const unsigned char* prev,
                                       const unsigned char* cur, const unsigned char* next,
                                       int dst_width, int dst_height, int dst_pitch,
                                       int src_width, int src_height, int src_pitch, int parity,
                                       int tff, int skip_spatial_check) {
  int xo = blockIdx.x * blockDim.x + threadIdx.x;
  int yo = blockIdx.y * blockDim.y + threadIdx.y;
  if (xo >= dst_width || yo >= dst_height) return;

  const int w = src_width, h = src_height, p = src_pitch;

  // the kept field's lines are copied
  if (yo % 2 == parity) {
    dst[yo * dst_pitch + xo] = (unsigned char)fetch(cur, xo, yo, w, h, p);
    return;
  }

  // spatial prediction from the lines above and below
  int a = fetch(cur, xo - 3, yo - 1, w, h, p);
  int b = fetch(cur, xo - 2, yo - 1, w, h, p);
  int c = fetch(cur, xo - 1, yo - 1, w, h, p);
  int d = fetch(cur, xo - 0, yo - 1, w, h, p);
  int e = fetch(cur, xo + 1, yo - 1, w, h, p);
  int f = fetch(cur, xo + 2, yo - 1, w, h, p);
  int g = fetch(cur, xo + 3, yo - 1, w, h, p);

  int hh = fetch(cur, xo - 3, yo + 1, w, h, p);
  int i = fetch(cur, xo - 2, yo + 1, w, h, p);
  int j = fetch(cur, xo - 1, yo + 1, w, h, p);
  int k = fetch(cur, xo - 0, yo + 1, w, h, p);
  int l = fetch(cur, xo + 1, yo + 1, w, h, p);
  int m = fetch(cur, xo + 2, yo + 1, w, h, p);
  int n = fetch(cur, xo + 3, yo + 1, w, h, p);

  // the predictor returns T (unsigned char) in the original
  int spatial_pred = (unsigned char)spatial_predictor(a, b, c, d, e, f, g, hh, i, j, k, l, m, n);

  // temporal prediction from the neighbouring frames
  int is_second_field = !(parity ^ tff);
  const unsigned char* prev2 = prev;
  const unsigned char* prev1 = is_second_field ? cur : prev;
  const unsigned char* next1 = is_second_field ? next : cur;
  const unsigned char* next2 = next;

  int A = fetch(prev2, xo, yo - 1, w, h, p);
  int B = fetch(prev2, xo, yo + 1, w, h, p);
  int C = fetch(prev1, xo, yo - 2, w, h, p);
  int D = fetch(prev1, xo, yo + 0, w, h, p);
  int E = fetch(prev1, xo, yo + 2, w, h, p);
  int F = fetch(cur, xo, yo - 1, w, h, p);
  int G = fetch(cur, xo, yo + 1, w, h, p);
  int H = fetch(next1, xo, yo - 2, w, h, p);
  int I = fetch(next1, xo, yo + 0, w, h, p);
  int J = fetch(next1, xo, yo + 2, w, h, p);
  int K = fetch(next2, xo, yo - 1, w, h, p);
  int L = fetch(next2, xo, yo + 1, w, h, p);

  spatial_pred = temporal_predictor(A, B, C, D, E, F, G, H, I, J, K, L, spatial_pred,
                                    skip_spatial_check != 0);
  dst[yo * dst_pitch + xo] = (unsigned char)spatial_pred;
}
